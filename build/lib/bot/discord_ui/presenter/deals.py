"""The words of a deal at the final table: the proposal as a phone-readable table
(each player's stack and his share under each method beside the prize he has locked up), who
has accepted, and how it ended. Amounts are the league's money units, as the results show them."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from bot.discord_ui.presenter.limits import chips, player_name
from bot.tournament import events as tev
from bot.tournament.deals import locked_up, shares

METHOD_NAMES: dict[str, str] = {"icm": "ICM", "chip_chop": "chip chop",
                                "chip_chop_min": "chip chop over the locked-up prize"}
# Each method's column in the proposal's table.
COLUMNS: dict[tev.DealMethod, str] = {"icm": "ICM", "chip_chop": "chop",
                                      "chip_chop_min": "lock+"}
# Columns of the proposal's table: a phone shows about 36 characters of a code block.
NAME_CELL = 10
# After a share below the prize every player has locked up.
BELOW = "!"

ENDED: dict[str, str] = {
    "refused": "refused",
    "stacks-changed": "ended: a stack changed before everyone had accepted",
    "players-changed": "ended: a player went out before everyone had accepted",
}


def method_name(method: str) -> str:
    return METHOD_NAMES.get(method, method)


def _cell(name: str, width: int = NAME_CELL) -> str:
    """A name inside a code block: no backticks, cut to the column."""
    flat = " ".join(name.replace("`", "'").split()) or "?"
    return flat if len(flat) <= width else flat[:width - 1] + "…"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def table_order(p: tev.DealProposed) -> list[str]:
    """The proposal's players by stack, the biggest first (the seats' order among equal
    stacks): one order for the table, however the answers come in, and for the deal made."""
    seats = {player: i for i, player in enumerate(p.players)}
    return sorted(p.players, key=lambda q: (-p.stacks[q], seats[q]))


def shown_methods(p: tev.DealProposed) -> list[tev.DealMethod]:
    """The columns shown: ICM and chip chop, and the locked-up prize first when someone has
    one (before that it is plain chip chop) or when it is the method proposed."""
    methods: list[tev.DealMethod] = ["icm", "chip_chop"]
    if p.chip_chop_min and (locked_up(p) or p.method == "chip_chop_min"):
        methods.append("chip_chop_min")
    return methods


def deal_table(p: tev.DealProposed, names: Mapping[str, str],
               accepted: Collection[str] = ()) -> str:
    """The stacks and every method's split, one line a player, as a code block; a share below
    the prize every player has locked up is marked `BELOW`."""
    methods = shown_methods(p)
    locked = locked_up(p)
    rows = [("", "chips", *(COLUMNS[m] + " " for m in methods))]
    for player in table_order(p):
        mark = "✓" if player in accepted else " "
        # A third share column takes two characters from the names (a phone's width).
        name = _cell(names.get(player, player), NAME_CELL - 2 * (len(methods) > 2))
        amounts = [shares(p, m)[player] for m in methods]
        rows.append((mark + name, chips(p.stacks[player]),
                     *(chips(a) + (BELOW if a < locked else " ") for a in amounts)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [r[0].ljust(widths[0]) + "".join(
        " " + c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)).rstrip()
        for r in rows]
    return "```\n" + "\n".join(lines) + "\n```"


def locked_line(p: tev.DealProposed) -> str:
    """The prize every player still in has locked up ("" while nobody has a paid place)."""
    locked = locked_up(p)
    if not locked:
        return ""
    return (f"Locked up: **{chips(locked)}** each ({_ordinal(len(p.players))} prize): nobody "
            f"still in can finish lower. **{COLUMNS['chip_chop_min']}** pays it first, the "
            "rest by chips.")


def below_lines(p: tev.DealProposed, names: Mapping[str, str]) -> list[str]:
    """What the table's marks mean, and a warning when the proposed split pays someone less
    than he has locked up."""
    locked = locked_up(p)
    if not locked or all(shares(p, m)[q] >= locked for m in shown_methods(p)
                         for q in p.players):
        return []
    lines = [f"{BELOW} less than the {chips(locked)} locked up."]
    proposed = shares(p, p.method)
    short = [q for q in table_order(p) if proposed[q] < locked]
    if short:
        low = ", ".join(f"{player_name(names, q, 'a player')} {chips(proposed[q])}"
                        for q in short)
        lines.append(f"⚠️ The proposed split ({method_name(p.method)}) pays {low}, less than "
                     f"the {chips(locked)} every player has locked up: "
                     "`method:chip_chop_min` pays it first.")
    return lines


def proposal_text(p: tev.DealProposed, names: Mapping[str, str], *,
                  accepted: Collection[str] = (), live: bool = False,
                  made: bool = False, ended: tev.DealEnd | None = None,
                  ran_out: bool = False) -> str:
    """The proposal's message, as it stands (open, made or ended)."""
    def n(player: str) -> str:
        return player_name(names, player, "a player")

    money = sum(p.payouts)
    places = " · ".join(f"{_ordinal(i + 1)} {chips(a)}" for i, a in enumerate(p.payouts) if a)
    head = f"🤝 **Deal proposed**: {method_name(p.method)}"
    if p.keep:
        head += f", {chips(p.keep)} kept to play for (the winner takes it)"
    lines = [head + ".",
             f"Prize money left {chips(money)} ({places}); split {chips(money - p.keep)}.",
             *filter(None, [locked_line(p)]), deal_table(p, names, accepted),
             *below_lines(p, names)]
    if made:
        lines.append(f"**Deal made** ({method_name(p.method)}): every player accepted.")
    elif ended is not None:
        lines.append(f"**No deal**: {ENDED[ended]}. Nothing changed.")
    elif ran_out:
        lines.append("**No deal**: the proposal ran out after 5 minutes without every answer. "
                     "Nothing changed.")
    else:
        waiting = [n(q) for q in table_order(p) if q not in accepted]
        who = ("The director confirms each player's answer below"
               if live else "Each player accepts or refuses below")
        lines.append(f"{who}, by <t:{int(p.expires_at)}:t> (<t:{int(p.expires_at)}:R>); "
                     f"the proposed split is the **{COLUMNS[p.method]}** column. "
                     f"Waiting for: {', '.join(waiting)}.")
    return "\n".join(lines)


def deal_made_text(e: tev.DealMade, names: Mapping[str, str], *, paused: bool,
                   order: Sequence[str] = ()) -> str:
    """The channel's post when the deal is made (players in `order`, the proposal's)."""
    players = [p for p in order if p in e.amounts] or list(e.amounts)
    players.sort(key=lambda q: -e.amounts[q])  # stable: equal shares keep the table's order
    shares = ", ".join(f"{player_name(names, p, 'a player')} {chips(e.amounts[p])}"
                       for p in players)
    text = f"🤝 **Deal made** ({method_name(e.method)}): {shares}."
    if e.keep:
        text += f" Play goes on for the {chips(e.keep)} kept: the winner takes it."
    else:
        text += " Play goes on for the title and the league's points."
    if paused:
        text += " The director resumes play with `/td resume`."
    return text


def deal_ended_text(reason: tev.DealEnd, by: str | None, names: Mapping[str, str]) -> str:
    who = f" ({player_name(names, by, 'a player')})" if by and reason == "refused" else ""
    return f"No deal{who}: the proposal was {ENDED[reason]}. The prizes stay as they were."


def proposed_receipt(live: bool) -> str:
    if live:
        return ("Deal proposed in the channel. Confirm each player's answer with the buttons; "
                "any refusal ends it with **No deal**. It runs out in 5 minutes.")
    return ("Deal proposed in the channel: each player answers with the buttons. It runs out "
            "in 5 minutes; play stays paused meanwhile.")


def answer_receipt(accepted: bool, made: bool) -> str:
    if made:
        return "Accepted: everyone has, the deal is made."
    return "Accepted; waiting for the others." if accepted else "Refused: no deal."


# The buttons under a proposal: online each player answers; live the director ticks each player
# who accepts (`accepter_label`) or ends it.
ACCEPT_LABEL = "Accept"
REFUSE_LABEL = "Refuse"
NO_DEAL_LABEL = "No deal"


def accepter_label(name: str | None) -> str:
    """Live: the button the director presses when this player accepts."""
    return f"✓ {name or 'player'}"


def stacks_unreadable_text(part: str) -> str:
    """`part`: what could not be read, already shown as code. A refusal's words: the ending is
    added where every refusal gets it."""
    return f"I could not read {part}. {stacks_help()}"


def stacks_help() -> str:
    return ("Give every player still in with his chips, as counted at the table, e.g. "
            "`Ann 120000, Bob 80k, Cat 1.2m`.")


# Deal refusals that read better with what to do next than the game's own words (code ->
# words; bot/discord_ui/presenter/answers.py adds "Nothing was changed.").
REFUSALS: dict[str, str] = {
    "deal-not-paused": "Pause the tournament first with `/td pause`, so that no hand is dealt "
                       "while the players decide; resume with `/td resume` after.",
    "deal-expired": "This deal proposal ran out (5 minutes). The director may propose again "
                    "with `/td deal`.",
    "deal-not-a-player": "You are not in this deal: only the players still in answer it.",
    "deal-no-stacks": stacks_help(),
    "deal-stacks-online": "Online the bot knows every stack: leave `stacks` out.",
}


NOT_FOR_DEAL = "Only a director confirms answers at a live night."
