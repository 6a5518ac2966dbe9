/* The room's clock; on the director's remote (body.control) its controls too. */
(() => {
  const S = Screen;
  const word = S.word;
  const body = document.body;
  const remote = body.classList.contains("control");
  let state = null;
  let period = null;   // the level or break on screen ("5" / "b5"): a change of it beeps
  let warned = null;   // the period whose last minute was beeped (and said)
  let spokenHfh = null, spokenBubble = null, spokenFinal = null;
  const ordinal = (n) => word("ordinal", { n });
  const blinds = (b) => `${S.chips(b.sb)} / ${S.chips(b.bb)}`;
  const short = (b) => `${S.chips(b.sb)}/${S.chips(b.bb)}` + (b.ante ? `/${S.chips(b.ante)}` : "");
  const BUBBLE_SHOWN = 180;  // seconds the bubble's burst stays on the screen

  /* Money in the league's currency: "$1,250", "12.50 EUR", or plain when it has none. */
  function money(n) {
    const m = (state && state.money) || {};
    const d = m.decimals || 0;
    const text = (n / 10 ** d).toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
    if (!m.currency) return text;
    return m.currency.length === 1 ? `${m.currency}${text}` : `${text} ${m.currency}`;
  }

  /* The time of day in the room (the TV's own time zone, the bot's clock). */
  const timeOfDay = (at) => new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

  function left() {
    if (!state || state.status !== "running") return null;
    if (state.paused || state.ends_at === null) return state.seconds_left;
    return state.ends_at - S.serverNow();
  }

  function tick() {
    S.text("tod", timeOfDay(S.serverNow()));
    if (!state || state.gone) return;  // nothing runs any more: no countdown to work out
    const remaining = left();
    S.text("countdown", remaining === null ? (state.status === "running" ? "∞" : "--:--")
                                           : S.clock(remaining));
    const warning = remaining !== null && !state.paused && remaining <= 60 && remaining > 0;
    body.classList.toggle("warning", warning);
    if (warning && warned !== period) {
      warned = period;
      S.beep(1, 660);
      if (state.on_break) S.say(word("say_minute_in_break"));
      else if (state.next && state.next.break) S.say(word("say_minute_to_break"));
      else S.say(word("say_minute_in_level"));
    }
    let breakIn = state.break_in;
    if (state.break_at !== null && !state.paused) breakIn = state.break_at - S.serverNow();
    // On a break: the break after this one (this one's end is the big countdown).
    S.text("breakin", breakIn === null ? "–" : S.clock(breakIn));
    S.text("breakat", state.break_at !== null && !state.paused ? word("break_at", { time: timeOfDay(state.break_at) }) : " ");
    showStatus();
  }

  /* The second line under the banner: hand for hand, the bubble's burst, the final table. */
  function showStatus() {
    const s = state;
    const el = S.$("status");
    let words = "", kind = "";
    const running = s.status === "running" && !s.gone;
    if (running && s.hand_for_hand) {
      words = word("status_hfh", s.hand_for_hand);
      kind = "hfh";
    } else if (running && s.bubble_at !== null && S.serverNow() - s.bubble_at < BUBBLE_SHOWN) {
      words = word("status_bubble", { left: s.players_left });
      kind = "bubble";
    } else if (running && s.final_table) {
      words = word("final_table");
      kind = "final";
    }
    el.hidden = !words;
    el.className = "status";
    if (kind) el.classList.add(kind);
    S.text("status", words || " ");
  }

  function speak(s) {
    if (s.status !== "running" || s.gone) return;
    if (s.hand_for_hand && spokenHfh !== s.hand_for_hand.left) {
      if (spokenHfh !== null || period !== null) S.say(word("say_hfh", s.hand_for_hand));
      spokenHfh = s.hand_for_hand.left;
    }
    if (!s.hand_for_hand) spokenHfh = null;
    if (s.bubble_at !== null && spokenBubble !== s.bubble_at) {
      if (S.serverNow() - s.bubble_at < BUBBLE_SHOWN && period !== null) S.say(word("say_bubble"));
      spokenBubble = s.bubble_at;
    }
    if (s.final_table && !spokenFinal) {
      if (period !== null) S.say(word("final_table"));
      spokenFinal = true;
    }
  }

  /* "Re-buys, late entry and add-on until level 4": what is still open, by its last level. */
  function entryWords(entry) {
    if (!entry) return " ";
    const byLevel = new Map();
    [["entry_rebuys", entry.rebuys], ["entry_late", entry.late], ["entry_add_on", entry.add_on]]
      .forEach(([what, level]) => { if (level) byLevel.set(level, [...(byLevel.get(level) || []), word(what)]); });
    const parts = [...byLevel.entries()].sort((a, b) => a[0] - b[0]).map(([level, whats]) => {
      const list = whats.length > 1 ? word("list_and", { items: whats.slice(0, -1).join(", "), last: whats[whats.length - 1] })
                                    : whats[0];
      return word("entry_until", { what: list, level });
    });
    const text = parts.join(" · ");
    return text ? text[0].toUpperCase() + text.slice(1) : " ";
  }

  function levelWords(s) {
    const b = s.blinds;
    return word(b.ante ? "say_level_ante" : "say_level", { level: s.level, ...b });
  }

  function showMoney(s, over) {
    S.text("pool", s.prize_pool ? money(s.prize_pool) : "–");
    const items = [];
    const add = (label, value, cls) => items.push([label, value, cls || ""]);
    if (over && s.results && s.results.length) {
      add(word("results"), "", "head");
      s.results.filter((r) => r.prize).forEach((r) => add(word("place_name", { place: ordinal(r.place), name: r.name }), money(r.prize)));
    } else if (s.deal) {  // a deal fixed the prizes of everyone still in
      add(word("deal", { method: word(s.deal.method === "icm" ? "deal_icm" : "deal_chip_chop") }), "", "head");
      s.deal.prizes.forEach((d) => add(d.name, money(d.prize)));
      if (s.deal.played_for) add(word("still_played_for"), money(s.deal.played_for), "head");
      else if (!over) add(word("play_goes_on"), "", "head");
    } else {
      (s.payouts || []).forEach((p, i) => add(ordinal(i + 1), money(p)));
    }
    const list = S.$("payouts");
    const key = JSON.stringify(items);
    if (list.dataset.key !== key) {
      list.dataset.key = key;
      list.replaceChildren(...items.map(([label, value, cls]) => {
        const li = document.createElement("li");
        if (cls) li.className = cls;
        const a = document.createElement("span"); a.className = "who"; a.textContent = label;
        const b = document.createElement("span"); b.className = "amount"; b.textContent = value;
        li.append(a, b);
        return li;
      }));
      const cols = items.length > 10 ? 2 : 1;
      list.style.setProperty("--rows", String(Math.max(4, Math.ceil(items.length / cols))));
      list.classList.toggle("two", cols === 2);
    }
  }

  function showRoom(s) {
    const seating = S.$("seating");
    const key = JSON.stringify(s.seating);
    if (seating.dataset.key !== key) {
      seating.dataset.key = key;
      seating.replaceChildren(...(s.seating || []).map((t) => {
        const box = document.createElement("div"); box.className = "table";
        const h = document.createElement("h2"); h.textContent = word("table", { table: t.table });
        const ol = document.createElement("ol");
        t.seats.forEach((p) => {
          const li = document.createElement("li");
          const n = document.createElement("span"); n.className = "seatno"; n.textContent = String(p.seat);
          li.append(n, p.name);
          ol.append(li);
        });
        box.append(h, ol);
        return box;
      }));
      seating.style.setProperty("--tables", String(Math.max(1, (s.seating || []).length)));
    }
    const lines = (id, rows) => {
      const ul = S.$(id);
      const k = JSON.stringify(rows);
      if (ul.dataset.key === k) return;
      ul.dataset.key = k;
      ul.replaceChildren(...(rows.length ? rows : ["–"]).map((line) => {
        const li = document.createElement("li"); li.textContent = line; return li;
      }));
    };
    lines("moves", (s.moves || []).map((m) => word("moved", { name: m.name, table: m.to[0], seat: m.to[1] })));
    lines("busts", (s.busts || []).map((b) => word("place_name", { place: ordinal(b.place), name: b.name }) +
                                              (b.prize ? ` · ${money(b.prize)}` : "")));
  }

  function show(s) {
    const first = state === null;
    state = s;
    S.text("name", s.name || word("clock_title"));
    document.title = word("clock_page_title", { name: s.name });
    const message = S.$("message");
    message.hidden = !s.message;
    if (s.message) S.text("message", s.message);
    const logo = S.$("logo");
    if (s.logo && logo.hidden) { logo.src = `${location.pathname.replace(/\/+$/, "")}/logo`; logo.hidden = false; }
    if (!s.logo) logo.hidden = true;
    const over = s.gone || s.status === "finished" || s.status === "cancelled";
    body.classList.toggle("paused", !!s.paused && !over);
    body.classList.toggle("on-break", !!s.on_break && !over);
    body.classList.toggle("over", !!over);
    showMoney(s, over);
    showRoom(s);
    if (s.gone) {
      S.text("breakin", "–");
      S.text("breakat", " ");
      S.banner(s.status === "cancelled" ? word("cancelled")
               : s.winner ? word("wins", { winner: s.winner }) : word("tournament_over"));
      showControls(s);
      return;
    }
    if (s.status === "finished") S.banner(s.winner ? word("wins", { winner: s.winner }) : word("finished"));
    else if (s.paused) S.banner(word("paused"));
    else if (s.on_break) S.banner(word("on_break"));
    else if (s.status === "registering") S.banner(word("not_started"));
    else S.banner("");
    S.text("level", word(s.on_break ? "level_after_break" : "level", { level: s.level }));
    S.text("blinds", blinds(s.blinds));
    S.$("blinds").classList.toggle("long", blinds(s.blinds).length > 11);
    S.text("ante", s.blinds.ante ? word("ante", { ante: S.chips(s.blinds.ante) }) : word("no_ante"));
    // The next level's blinds big, its number and the one after small ("Level 3 · then …").
    const up = s.upcoming || [];
    const named = (u) => u.break ? word("upcoming_break", u) : word("upcoming_level", { level: u.level, blinds: short(u.blinds) });
    let next = "–", next2 = " ";
    if (!over && up.length) {
      next = up[0].break ? word("next_break_minutes", up[0]) : short(up[0].blinds);
      next2 = [up[0].break ? "" : word("level", up[0]), up.length > 1 ? word("then", { next: named(up[1]) }) : ""]
        .filter(Boolean).join(" · ");
    } else if (!over && s.status === "running") next = word("last_level");
    S.text("next", next);
    S.text("next2", next2 || " ");
    S.text("players", word("players_of", { left: s.players_left, entries: s.entries }));
    S.text("paid", s.paid ? word("paid", s) : " ");
    S.text("entries", String(s.entries));
    const extra = [];
    if (s.rebuys) extra.push(word("rebuys", { n: s.rebuys }));
    if (s.add_ons) extra.push(word("add_ons", { n: s.add_ons }));
    S.text("extra", extra.join(" · ") || " ");
    S.text("chips", S.chips(s.chips_in_play));
    S.text("entry", entryWords(s.entry));
    S.$("entry").hidden = !s.entry || !(s.entry.rebuys || s.entry.late || s.entry.add_on);
    S.text("average", S.chips(s.average_stack));
    S.text("averagebb", s.average_bb && !over ? word("average_bb", { bb: s.average_bb.toLocaleString("en-US") }) : " ");
    const chipup = S.$("chipup");
    chipup.hidden = !s.chip_up;
    if (s.chip_up) S.text("chipup", word(s.chip_up.when === "now" ? "chip_up_now" : "chip_up_at_break",
                                         { chip: S.chips(s.chip_up.chip) }));
    const nav = S.$("tables");
    nav.hidden = !s.tables.length;
    if (s.tables.length && nav.dataset.tables !== s.tables.join(",")) {
      nav.dataset.tables = s.tables.join(",");
      nav.replaceChildren(...s.tables.map((n) => {
        const a = document.createElement("a");
        a.href = `${location.pathname.replace(/\/+$/, "")}/table/${n}`;
        a.textContent = word("table", { table: n });
        return a;
      }));
    }
    const now = `${s.on_break ? "b" : ""}${s.level}`;
    if (s.status === "running") {
      if (period !== null && period !== now) {
        S.beep(3, 880);
        S.say(s.on_break ? word("say_break", { n: Math.round((left() || 0) / 60) }) : levelWords(s));
      }
      if (first) spokenFinal = !!s.final_table;
      speak(s);
      period = now;
    }
    showControls(s);
    tick();
  }

  /* The second view: the seating, the moves and the busts; by the button, or rotating. */
  let rotating = location.hash === "#rotate";
  function setView(room) {
    S.$("clockview").hidden = room;
    S.$("roomview").hidden = !room;
    body.classList.toggle("room", room);
    S.text("view", word(room ? "view_clock" : "view_seats"));
  }
  S.$("view").addEventListener("click", () => { rotating = false; setView(S.$("roomview").hidden); });
  if (location.hash === "#seats") setView(true);
  let turn = 0;
  setInterval(() => {
    if (!rotating) return;
    turn = (turn + 1) % 4;  // three parts clock, one part seats (every 15 s)
    setView(turn === 3);
  }, 15000);

  /* The director's remote: the same page with its controls (only on a control link). */
  function showControls(s) {
    if (!remote) return;
    const over = s.gone || s.status !== "running";
    S.text("c-pause", word(s.paused ? "control_resume" : "control_pause"));
    S.text("c-break", word(s.on_break ? "control_end_break" : "control_break"));
    S.text("c-hfh", word(s.hand_for_hand ? "control_end_hfh" : "control_hfh"));
    S.$("c-hfh").hidden = s.mode !== "live";
    S.$("controls").querySelectorAll("button[data-act]").forEach((b) => {
      if (b.dataset.act !== "help") b.disabled = over;
    });
  }

  let noticeTimer = null;
  function notice(words, ok) {
    const el = S.$("notice");
    el.hidden = false;
    el.className = "notice";
    el.classList.add(ok ? "ok" : "refused");
    S.text("notice", words);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { el.hidden = true; }, ok ? 3000 : 8000);
  }

  async function control(act) {
    if (!state) return;
    let action = act;
    if (act === "pause") action = state.paused ? "resume" : "pause";
    if (act === "hfh") action = state.hand_for_hand ? "hfh_off" : "hfh_on";
    if (act === "help") { S.$("help").hidden = !S.$("help").hidden; return; }
    try {
      const answer = await fetch(`${location.pathname.replace(/\/+$/, "")}/control`, {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-Screen-Control": "1" },
        body: JSON.stringify({ action }),
      });
      if ((answer.headers.get("Content-Type") || "").startsWith("application/json")) {
        const said = await answer.json();
        notice(said.text, said.ok);
      } else {
        notice(await answer.text() || word("bot_answered", { status: answer.status }), false);
      }
    } catch (err) {
      notice(word("bot_unreachable"), false);
    }
  }

  const KEYS = { " ": "pause", ArrowUp: "plus", ArrowDown: "minus", ArrowRight: "next",
                 ArrowLeft: "previous", b: "break", B: "break", h: "hfh", H: "hfh", "?": "help" };
  if (remote) {
    S.$("controls").hidden = false;
    S.$("controls").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-act]");
      if (b && !b.disabled) control(b.dataset.act);
    });
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "Escape") { S.$("help").hidden = true; return; }
      const act = KEYS[e.key];
      if (!act) return;
      e.preventDefault();
      if (e.repeat) return;
      control(act);
    });
  }

  S.$("sound").addEventListener("click", () => S.enableSound());
  S.$("voice").addEventListener("click", () => S.enableVoice());
  S.connect(show);
  setInterval(tick, 200);
  tick();
})();
