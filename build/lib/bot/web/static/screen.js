"use strict";
/* What both screens share: the stream of states (Server-Sent Events; the browser reconnects by
   itself and the server sends the whole state on every connection), the server's clock (every
   countdown is worked out from the server's deadline and the server's time, never from this
   device's clock alone, so it does not drift), numbers, cards, a beep (WebAudio: no files), the voice
   (speech synthesis) and the words: every word a page shows is the presenter's, handed over in
   the page's JSON block (#words) and written with `word(key, values)`. */
const Screen = (() => {
  let offset = 0;  // the server's clock minus this device's, in seconds
  const $ = (id) => document.getElementById(id);
  const serverNow = () => Date.now() / 1000 + offset;
  const chips = (n) => Number(n).toLocaleString("en-US");
  const WORDS = JSON.parse($("words").textContent);
  const lang = document.documentElement.lang;
  const RULES = { plural: new Intl.PluralRules(lang), ordinal: new Intl.PluralRules(lang, { type: "ordinal" }) };
  /* The presenter's words for `key`, its {placeholders} filled from `values`; a word with forms
     ({"plural": …} or {"ordinal": …}) takes the form of the count `values.n`. */
  function word(key, values) {
    let words = WORDS[key];
    if (words === undefined) return key;
    if (typeof words !== "string") {
      const kind = words.plural ? "plural" : "ordinal";
      words = words[kind][RULES[kind].select(values.n)] || words[kind].other;
    }
    return words.replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? String(values[name]) : all));
  }
  function clock(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const mm = String(m).padStart(2, "0"), ss = String(r).padStart(2, "0");
    return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
  }
  function text(id, value) {
    const el = $(id);
    if (el && el.textContent !== value) el.textContent = value;
  }
  const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  function card(code) {
    const span = document.createElement("span");
    const rank = code[0] === "T" ? "10" : code[0];
    span.textContent = rank + (SUITS[code[1]] || code[1]);
    if (code[1] === "h" || code[1] === "d") span.className = "red";
    return span;
  }
  function setLink(state) {
    const labels = { live: "link_live", reconnecting: "link_reconnecting", closed: "link_closed",
                     revoked: "link_revoked" };
    text("link", word(labels[state]));
    document.body.classList.remove("connecting", "live", "reconnecting", "closed", "revoked");
    document.body.classList.add(state);
  }
  function connect(onState) {
    const url = location.pathname.replace(/\/+$/, "") + "/events";
    const source = new EventSource(url);
    source.addEventListener("time", (e) => { offset = JSON.parse(e.data).now - Date.now() / 1000; });
    source.addEventListener("state", (e) => { setLink("live"); onState(JSON.parse(e.data)); });
    source.addEventListener("revoked", () => { source.close(); setLink("revoked");
      banner(word("link_gone")); });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        setLink("closed");
        banner(word("link_gone"));
      } else {
        setLink("reconnecting");
      }
    };
    return source;
  }
  function banner(words) {
    const el = $("banner");
    if (!el) return;
    el.hidden = !words;
    if (words) text("banner", words);
  }
  let audio = null;
  function enableSound() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      audio.resume();
    } catch (err) { audio = null; }
    document.body.classList.add("sound");
  }
  function beep(times, pitch) {
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    if (!audio) return;
    for (let i = 0; i < times; i++) {
      const at = audio.currentTime + i * 0.35;
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(at); osc.stop(at + 0.3);
    }
  }
  /* Voice announcements, opt-in: the browser's own speech synthesis (no service). The last
     words said are kept on the page (data-said) for whoever checks it. */
  let voice = false;
  function enableVoice() {
    voice = true;
    document.body.classList.add("voice");
    say(word("voice_on"));
  }
  function say(words) {
    if (!voice) return;
    document.body.dataset.said = words;
    try {
      const u = new SpeechSynthesisUtterance(words);
      u.rate = 0.95;
      window.speechSynthesis.speak(u);
    } catch (err) { /* no speech on this device: the words stay on the page */ }
  }
  return { $, serverNow, chips, clock, text, card, connect, banner, enableSound, beep,
           enableVoice, say, word };
})();
