/* The room's clock. */
(() => {
  const S = Screen;
  let state = null;
  let period = null;   // the level or break on screen ("5" / "b5"): a change of it beeps
  let warned = null;   // the period whose last minute was beeped
  const ORD = ["1st", "2nd", "3rd"];
  const ordinal = (n) => ORD[n - 1] || `${n}th`;
  const blinds = (b) => `${S.chips(b.sb)} / ${S.chips(b.bb)}`;

  function left() {
    if (!state || state.status !== "running") return null;
    if (state.paused || state.ends_at === null) return state.seconds_left;
    return state.ends_at - S.serverNow();
  }

  function tick() {
    if (!state || state.gone) return;  // nothing runs any more: no countdown to work out
    const remaining = left();
    S.text("countdown", remaining === null ? (state.status === "running" ? "∞" : "--:--")
                                           : S.clock(remaining));
    const warning = remaining !== null && !state.paused && remaining <= 60 && remaining > 0;
    document.body.classList.toggle("warning", warning);
    if (warning && warned !== period) { warned = period; S.beep(1, 660); }
    let breakIn = state.break_in;
    if (state.break_at !== null && !state.paused) breakIn = state.break_at - S.serverNow();
    // On a break: the break after this one (this one's end is the big countdown).
    S.text("breakin", breakIn === null ? "–" : S.clock(breakIn));
  }

  function show(s) {
    state = s;
    const body = document.body;
    S.text("name", s.name || "Tournament clock");
    document.title = `${s.name} · clock`;
    const over = s.gone || s.status === "finished" || s.status === "cancelled";
    body.classList.toggle("paused", !!s.paused && !over);
    body.classList.toggle("on-break", !!s.on_break && !over);
    body.classList.toggle("over", !!over);
    if (s.gone) {
      S.text("breakin", "–");
      S.banner(s.status === "cancelled" ? "Cancelled"
               : s.winner ? `${s.winner} wins` : "This tournament is over");
      return;
    }
    if (s.status === "finished") S.banner(s.winner ? `${s.winner} wins` : "Finished");
    else if (s.paused) S.banner("PAUSED");
    else if (s.on_break) S.banner("BREAK");
    else if (s.status === "registering") S.banner("Not started");
    else S.banner("");
    S.text("level", s.on_break ? `Break · then level ${s.level}` : `Level ${s.level}`);
    S.text("blinds", blinds(s.blinds));
    S.$("blinds").classList.toggle("long", blinds(s.blinds).length > 11);
    S.text("ante", s.blinds.ante ? `Ante ${S.chips(s.blinds.ante)}` : "No ante");
    let next = "–";
    if (s.next && s.next.break) next = "Break";
    else if (s.next && s.next.blinds) next = `L${s.next.level} · ${S.chips(s.next.blinds.sb)}/` +
      `${S.chips(s.next.blinds.bb)}` + (s.next.blinds.ante ? `/${S.chips(s.next.blinds.ante)}` : "");
    else if (s.status === "running") next = "Last level";
    if (over) next = "–";
    S.text("next", next);
    S.text("players", `${s.players_left} of ${s.entries}`);
    S.text("average", S.chips(s.average_stack));
    S.text("pool", s.prize_pool ? S.chips(s.prize_pool) : "–");
    const shown = s.payouts.slice(0, 5).map((p, i) => `${ordinal(i + 1)} ${S.chips(p)}`);
    if (s.payouts.length > 5) shown.push(`… ${s.payouts.length} paid`);
    if (s.deal) {  // a deal fixed the prizes of everyone still in
      const dealt = s.deal.prizes.map((d) => `${d.name} ${S.chips(d.prize)}`);
      if (s.deal.played_for) dealt.push(`${S.chips(s.deal.played_for)} still played for`);
      else if (!over) dealt.push("play goes on for the title");
      shown.push(`Deal (${s.deal.method === "icm" ? "ICM" : "chip chop"}): ` + dealt.join(" · "));
    }
    S.text("payouts", shown.join(" · ") || " ");
    const chipup = S.$("chipup");
    chipup.hidden = !s.chip_up;
    if (s.chip_up) S.text("chipup", s.chip_up.when === "now"
      ? `Chip-up now: the ${S.chips(s.chip_up.chip)}s go`
      : `Chip-up at the break: the ${S.chips(s.chip_up.chip)}s go`);
    const nav = S.$("tables");
    nav.hidden = !s.tables.length;
    if (s.tables.length && nav.dataset.tables !== s.tables.join(",")) {
      nav.dataset.tables = s.tables.join(",");
      nav.replaceChildren(...s.tables.map((n) => {
        const a = document.createElement("a");
        a.href = `${location.pathname.replace(/\/+$/, "")}/table/${n}`;
        a.textContent = `Table ${n}`;
        return a;
      }));
    }
    const now = `${s.on_break ? "b" : ""}${s.level}`;
    if (s.status === "running") {
      if (period !== null && period !== now) S.beep(3, 880);
      period = now;
    }
    tick();
  }

  S.$("sound").addEventListener("click", () => S.enableSound());
  S.connect(show);
  setInterval(tick, 200);
})();
