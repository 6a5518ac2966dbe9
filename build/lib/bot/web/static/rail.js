/* One online table, as its channel sees it (read only). */
(() => {
  const S = Screen;
  const word = S.word;
  let state = null;

  function tick() {
    const hand = state && state.hand;
    const li = document.querySelector(".to-act .when");
    if (hand && li && hand.act_by !== null) li.textContent = ` · ${S.clock(hand.act_by - S.serverNow())}`;
  }

  function show(s) {
    state = s;
    S.text("name", word("rail_name", s));
    document.title = word("rail_name", s);
    document.body.classList.toggle("paused", !!s.paused);
    if (s.gone || !s.exists) {
      S.banner(!s.gone ? word("table_closed")
               : s.winner ? word("wins_tournament", s) : word("tournament_over"));
      S.$("seats").replaceChildren(); S.$("log").replaceChildren();
      S.text("board", " "); S.text("pot", " "); S.text("hand", " ");
      return;
    }
    S.banner(s.paused ? word("paused") : "");
    const hand = s.hand;
    const board = S.$("board");
    if (hand && hand.board.length) board.replaceChildren(...hand.board.flatMap((c) => [S.card(c), " "]));
    else board.textContent = word(hand ? (hand.over ? "no_flop" : "preflop") : "between_hands");
    S.text("hand", hand ? [word("hand_blinds", { hand: hand.id, sb: S.chips(hand.blinds.sb), bb: S.chips(hand.blinds.bb) }),
                           hand.blinds.ante ? word("hand_ante", { ante: S.chips(hand.blinds.ante) }) : "",
                           hand.over ? word("hand_over") : ""].filter(Boolean).join(" · ") : " ");
    S.text("pot", hand ? word("pot", { pot: S.chips(hand.pot) }) : " ");
    S.$("seats").replaceChildren(...s.seats.map((p) => {
      const li = document.createElement("li");
      if (hand && hand.to_act === p.seat) li.classList.add("to-act");
      if (p.folded || p.out) li.classList.add("folded");
      const parts = [`${p.seat} ${p.name}`, p.out ? word("seat_out") : p.all_in && !(hand && hand.over) ? word("seat_all_in") : S.chips(p.stack)];
      if (p.bet) parts.push(word("seat_bet", { bet: S.chips(p.bet) }));
      if (p.marks && p.marks.length) parts.push(p.marks.join("/"));
      if (p.won) parts.push(word("seat_won", { won: S.chips(p.won) }));
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
