/* One online table, as its channel sees it (read only). */
(() => {
  const S = Screen;
  let state = null;

  function tick() {
    const hand = state && state.hand;
    const li = document.querySelector(".to-act .when");
    if (hand && li && hand.act_by !== null) li.textContent = ` · ${S.clock(hand.act_by - S.serverNow())}`;
  }

  function show(s) {
    state = s;
    S.text("name", `${s.name} · table ${s.table}`);
    document.title = `${s.name} · table ${s.table}`;
    document.body.classList.toggle("paused", !!s.paused);
    if (s.gone || !s.exists) {
      S.banner(!s.gone ? "This table is closed"
               : s.winner ? `${s.winner} wins the tournament` : "This tournament is over");
      S.$("seats").replaceChildren(); S.$("log").replaceChildren();
      S.text("board", " "); S.text("pot", " "); S.text("hand", " ");
      return;
    }
    S.banner(s.paused ? "PAUSED" : "");
    const hand = s.hand;
    const board = S.$("board");
    if (hand && hand.board.length) board.replaceChildren(...hand.board.flatMap((c) => [S.card(c), " "]));
    else board.textContent = hand ? (hand.over ? "No flop" : "Preflop") : "Between hands";
    S.text("hand", hand ? `Hand ${hand.id} · blinds ${S.chips(hand.blinds.sb)} / ${S.chips(hand.blinds.bb)}` +
      (hand.blinds.ante ? ` · ante ${S.chips(hand.blinds.ante)}` : "") + (hand.over ? " · over" : "") : " ");
    S.text("pot", hand ? `Pot ${S.chips(hand.pot)}` : " ");
    S.$("seats").replaceChildren(...s.seats.map((p) => {
      const li = document.createElement("li");
      if (hand && hand.to_act === p.seat) li.classList.add("to-act");
      if (p.folded || p.out) li.classList.add("folded");
      const parts = [`${p.seat} ${p.name}`, p.out ? "out" : p.all_in && !(hand && hand.over) ? "all-in" : S.chips(p.stack)];
      if (p.bet) parts.push(`bet ${S.chips(p.bet)}`);
      if (p.marks && p.marks.length) parts.push(p.marks.join("/"));
      if (p.won) parts.push(`won ${S.chips(p.won)}`);
      li.append(parts.join(" · "));
      if (p.shown && p.shown.length) { li.append(" · "); p.shown.forEach((c) => li.append(S.card(c), " ")); }
      if (hand && hand.to_act === p.seat) {
        const when = document.createElement("span"); when.className = "when"; li.append(when);
      }
      return li;
    }));
    S.$("log").replaceChildren(...((hand && hand.log) || []).map((line) => {
      const li = document.createElement("li");
      // Cards in the log ("Flop 9c 8s Kd") written as on the board.
      line.split(/(?<![0-9A-Za-z])([2-9TJQKA][shdc])(?![0-9A-Za-z])/).forEach((part, i) => {
        li.append(i % 2 ? S.card(part) : part);
      });
      return li;
    }));
    tick();
  }

  S.connect(show);
  setInterval(tick, 250);
})();
