"""Every sentence about a league's coming nights (`/night`, the announcement and its buttons,
reminders, the start, the seat that frees): pure functions of the night as stored, the time
zone and the moment given. Names are escaped here; a mention is only ever written for a member
the message means to notify (the caller allows exactly those)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, tzinfo

from bot.discord_ui.presenter.announcements import ordinal
from bot.discord_ui.presenter.limits import MESSAGE_CHARS, chips, safe_name, safe_text, truncate
from bot.discord_ui.presenter.refusals import ended
from bot.league.words import counted
from bot.schedule import Entrant, NightError, Repeat, Taken
from bot.service.usecases.nights import NightView
from bot.store import NightRow

# Discord: a scheduled event's name is at most 100 characters, its description 1,000, its
# place 100.
EVENT_NAME = 100
EVENT_DESCRIPTION = 1000
EVENT_PLACE = 100
NIGHT_NAME = 60
PLACE_CHARS = 100

WHEN_HELP = ("Write the day and the time as you would say them: `tue 19:30`, `tuesday 7:30pm`, "
             "`tomorrow 20:00`, `2026-12-15 19:30`, `15 dec 19h30`; a time alone is the next "
             "one (today or tomorrow).")
REMINDERS_HELP = ("Write them as `1d, 1h`, `24h 2h`, `90m`, or `none`: each 10 minutes to 14 "
                  "days before the start, at most three.")
REPEAT_WORDS = {Repeat.NONE: "once", Repeat.WEEKLY: "every week",
                Repeat.FORTNIGHTLY: "every 2 weeks"}
BUTTON_IN = "I'm in"
BUTTON_OUT = "I'm out"
BUTTON_STILL_IN = "Still in"
BUTTON_EVENT = "Event"
BUTTON_START = "Start now"


# ---------------------------------------------------------------------- times


def local_time(at: float, zone: tzinfo) -> str:
    """`Tue 6 Jan, 19:30` in the server's zone."""
    d = datetime.fromtimestamp(at, zone)
    return f"{d:%a} {d.day} {d:%b}, {d:%H:%M}"


def zone_name(zone: tzinfo) -> str:
    return str(getattr(zone, "key", None) or zone)


def when_line(at: float, zone: tzinfo) -> str:
    """The time in the server's zone (said), and Discord's countdown (each reader's own)."""
    return f"**{local_time(at, zone)}** ({zone_name(zone)}) · <t:{int(at)}:R>"


def default_name(at: float, zone: tzinfo) -> str:
    """A night named by its day when the director gives no name: `Tuesday night`."""
    return f"{datetime.fromtimestamp(at, zone):%A} night"


def duration(seconds: int) -> str:
    """A reminder's time before the start: `1 day`, `1 hour`, `90 minutes`."""
    if seconds % 86400 == 0:
        return counted(seconds // 86400, "day")
    if seconds % 3600 == 0:
        return counted(seconds // 3600, "hour")
    return counted(seconds // 60, "minute")


def reminders_words(reminders: Sequence[int]) -> str:
    if not reminders:
        return "no reminders"
    return "reminders " + ", ".join(duration(r) for r in reminders) + " before"


# ---------------------------------------------------------------------- names and lists


def line_name(e: Entrant) -> str:
    return safe_name(e.name) + (" (guest)" if e.guest else "")


def names(lines: Iterable[Entrant], limit: int = 40) -> str:
    shown = [line_name(e) for e in lines]
    if len(shown) > limit:
        return ", ".join(shown[:limit]) + f" and {len(shown) - limit} more"
    return ", ".join(shown) or "nobody yet"


def mentions(lines: Iterable[Entrant]) -> str:
    """Members by mention (they are notified), guests by name."""
    return " ".join(f"<@{e.user_id}>" if e.user_id is not None else line_name(e)
                    for e in lines)


def waiting_list(lines: Sequence[Entrant], *, mention: bool = False) -> str:
    return " · ".join(f"{i}. " + (f"<@{e.user_id}>" if mention and e.user_id is not None
                                  else line_name(e))
                      for i, e in enumerate(lines, start=1))


def seats_line(view: NightView) -> str:
    n, seated, waiting = view.night, len(view.seated), len(view.waiting)
    left = max(n.seats - seated, 0)
    return (f"🪑 **{seated} of {n.seats} seats taken**, {left} left · ⏳ waiting list: "
            + (str(len(view.waiting)) if waiting else "none"))


def game_line(n: NightRow) -> str:
    mode = "live: real cards and chips" if n.mode == "live" else "online: the bot deals"
    return (f"{safe_text(n.structure, 40)} structure · buy-in {chips(n.buy_in)} · "
            f"{safe_text(n.payouts, 40)} payouts · {mode} · {REPEAT_WORDS[Repeat(n.repeats)]}")


def place_words(n: NightRow) -> str:
    if n.place:
        return f"📍 {safe_text(n.place, PLACE_CHARS)}"
    return f"💻 online in <#{n.channel_id}>"


# ---------------------------------------------------------------------- the announcement


def announcement_text(view: NightView, zone: tzinfo, league: str) -> str:
    """The night's post in its channel, kept in step with its list."""
    n = view.night
    head = [f"📅 **{safe_name_long(n.name)}** · {safe_name(league)}",
            f"{when_line(n.starts_at, zone)} · {place_words(n)}",
            game_line(n)]
    state = _state_line(n)
    if state is not None:
        return "\n".join([*head, state])
    body = [seats_line(view), f"Seated: {names(view.seated)}"]
    if view.waiting:
        body.append(f"Waiting list: {waiting_list(view.waiting)}")
    body.append(f"**{BUTTON_IN}** takes a seat (or a place on the waiting list); "
                f"**{BUTTON_OUT}** if you can't come.")
    return truncate("\n".join([*head, *body]), MESSAGE_CHARS)


def _state_line(n: NightRow) -> str | None:
    if n.status == "open":
        return (f"▶️ **Started**: its tournament is open in <#{n.channel_id}> (latecomers: "
                "`/tournament join` while late registration is open).")
    if n.status == "done":
        return "✅ **Played**: the results are in the channel; `/standings` has the points."
    if n.status == "cancelled":
        return "❌ **Cancelled** by the director."
    if n.status == "missed":
        return "⚠️ **Not held**: the bot was offline at its start."
    return None


def safe_name_long(name: str) -> str:
    return safe_text(name, NIGHT_NAME)


def event_description(view: NightView, league: str) -> str:
    """The Discord event's text (plain: events show no timestamps), in step with the list."""
    n = view.night
    mode = "live: real cards and chips" if n.mode == "live" else "online: the bot deals"
    lines = [f"{league} league · {mode}",
             f"{n.structure} structure · buy-in {chips(n.buy_in)} · {n.payouts} payouts",
             f"{len(view.seated)} of {n.seats} seats taken"
             + (f" · {len(view.waiting)} on the waiting list" if view.waiting else ""),
             f"Sign up in <#{n.channel_id}> with {BUTTON_IN} / {BUTTON_OUT}."]
    return truncate("\n".join(lines), EVENT_DESCRIPTION)


def event_place(n: NightRow, channel_name: str) -> str:
    return truncate(n.place or f"#{channel_name} on Discord (online)", EVENT_PLACE)


def event_link(guild_id: int, event_id: int) -> str:
    return f"https://discord.com/events/{guild_id}/{event_id}"


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


# ---------------------------------------------------------------------- the director's answers


def scheduled_text(view: NightView, zone: tzinfo, *, zone_set: bool,
                   event: str) -> str:
    """The director's answer to /night schedule; `event`: made, refused, failed."""
    n = view.night
    lines = [f"Scheduled **{safe_name_long(n.name)}**: {when_line(n.starts_at, zone)}, "
             f"{n.seats} seats, {REPEAT_WORDS[Repeat(n.repeats)]}, "
             f"{reminders_words(n.reminders)}"
             + (", its tournament starts by itself 15 minutes after it opens"
                if n.autostart else "") + ". The announcement is in "
             f"<#{n.channel_id}>."]
    if not zone_set:
        lines.append("Times are read in UTC: set the server's time zone with "
                     "`/td settings timezone:` (e.g. `Europe/Amsterdam`).")
    if event == "refused":
        lines.append(no_event_permission_text())
    elif event == "failed":
        lines.append("Discord did not create its event this time; `/night edit` tries again.")
    return "\n".join(lines)


def no_event_permission_text() -> str:
    return ("I could not create its Discord event: I need the **Manage Events** permission. "
            "Grant it in Server Settings → Roles → my role → **Manage Events**, then "
            "`/night edit` creates the event. The night itself is scheduled: sign-ups, "
            "reminders and the start work without it.")


def edited_text(view: NightView, zone: tzinfo, promoted: Sequence[Entrant]) -> str:
    n = view.night
    text = (f"**{safe_name_long(n.name)}** is now {when_line(n.starts_at, zone)} · "
            f"{place_words(n)} · {game_line(n)} · {n.seats} seats.")
    if promoted:
        text += f" Seated from the waiting list: {names(promoted)} (told)."
    return text


def moved_text(view: NightView, zone: tzinfo, was: float) -> str:
    """One post to everyone signed up when the night moves."""
    n = view.night
    return truncate(
        f"📅 **{safe_name_long(n.name)}** moves to {when_line(n.starts_at, zone)} (it was "
        f"{local_time(was, zone)}). {mentions([*view.seated, *view.waiting])}: your seat or "
        f"place is kept; **{BUTTON_OUT}** on the announcement if you can't make the new time.",
        MESSAGE_CHARS)


def cancelled_text(view: NightView, zone: tzinfo, reason: str,
                   following: NightView | None) -> str:
    n = view.night
    told = [*view.seated, *view.waiting]
    text = (f"❌ **{safe_name_long(n.name)}** ({local_time(n.starts_at, zone)}) is cancelled "
            f"by the director: {safe_text(reason, 300)}.")
    if told:
        text += f" {mentions(told)}"
    if following is not None:
        text += (f"\nNext: **{safe_name_long(following.night.name)}**, "
                 f"{when_line(following.night.starts_at, zone)}: sign up on its announcement "
                 "below.")
    return truncate(text, MESSAGE_CHARS)


def cancelled_answer(following: NightView | None, zone: tzinfo) -> str:
    text = "Cancelled: everyone signed up is told in the channel, the Discord event too."
    if following is not None:
        text += (f" It repeats: the next one, {local_time(following.night.starts_at, zone)}, "
                 "is scheduled and announced (`/night cancel` it too if the series ends).")
    return text


def night_list_text(views: Sequence[NightView], zone: tzinfo, guild_id: int) -> str:
    if not views:
        return "No nights are scheduled. A director schedules one with `/night schedule`."
    lines = ["📅 **Coming nights**"]
    for v in views:
        n = v.night
        link = (f" · [announcement]({message_link(guild_id, n.channel_id, n.message_id)})"
                if n.message_id is not None else "")
        state = " · ▶️ started" if n.status == "open" else ""
        lines.append(f"**{safe_name_long(n.name)}** · {when_line(n.starts_at, zone)} · "
                     f"{place_words(n)} · {len(v.seated)} of {n.seats} seats, "
                     f"{len(v.waiting)} waiting{state}{link}")
    return truncate("\n".join(lines), MESSAGE_CHARS)


def next_night_footer(view: NightView, zone: tzinfo) -> str:
    """Under the standings: the league's next night (a footer shows no timestamps)."""
    n = view.night
    return (f"Next night: {n.name} · {local_time(n.starts_at, zone)} ({zone_name(zone)}) · "
            f"{len(view.seated)} of {n.seats} seats taken")


def reminders_set_text(league: str, reminders: Sequence[int], changed: int) -> str:
    return (f"{safe_name(league)}'s nights now have {reminders_words(reminders)} the start"
            f" ({counted(changed, 'night')} to come changed).")


def zone_set_text(zone: tzinfo, now: float) -> str:
    return (f"This server's time zone is now **{zone_name(zone)}** (it is "
            f"{local_time(now, zone)} there). Nights are read and shown in it.")


# ---------------------------------------------------------------------- a player's answers


def signed_text(taken: Taken, view: NightView, zone: tzinfo) -> str:
    """The private answer to I'm in, I'm out and Still in."""
    n = view.night
    name = f"**{safe_name_long(n.name)}**"
    when = f"{local_time(n.starts_at, zone)} (<t:{int(n.starts_at)}:R>)"
    e = taken.entrant
    if e.place == "seated" and taken.was != "seated":
        return (f"🪑 You have a seat at {name}, {when}: {len(view.seated)} of {n.seats} seats "
                f"taken. Can't come after all? **{BUTTON_OUT}** gives it to the next on the "
                "waiting list.")
    if e.place == "waiting" and taken.was != "waiting":
        place = ordinal(taken.position or 0)
        return (f"⏳ All {n.seats} seats of {name} are taken: you are **{place}** on the "
                "waiting list. If a seat frees you get it, and I tell you by DM.")
    if e.place == "out":
        if taken.was == "waiting":
            return f"You are off the waiting list of {name}."
        if taken.promoted:
            return (f"You are out of {name}: your seat went to "
                    f"{names(taken.promoted)}, first on the waiting list.")
        return f"You are out of {name}: your seat is free again."
    if e.place == "seated":
        return f"✅ Noted: you are coming to {name}, {when}."
    return (f"✅ Noted: you are still on the waiting list of {name}, "
            f"**{ordinal(taken.position or 0)}**.")


# The refusals of the night commands themselves (`/night ...`); a night's own refusals are
# NightError codes, worded by `night_refusal`.
NO_NIGHT_SCHEDULED = "No night is scheduled. Schedule one with `/night schedule`."
SAY_WHO = "Say who: `player:` for a member, or `name:` for a guest."
NIGHT_IN_A_THREAD = ("Schedule a night from a text channel, not a thread: its tournament is "
                     "created in that channel.")
LIVE_NEEDS_PLACE = ("A live night needs its place (`place:`), e.g. `The Oak, 12 High St`. Nothing "
                    "was scheduled.")


ONLY_DIRECTOR_STARTS = "Only a tournament director can start the night's tournament."
STARTED = "Started."
ALREADY_STARTED = "The tournament has already started."


def no_coming_night_text(named: str) -> str:
    return (f"There is no coming night `{safe_name(named)}`: pick one as you type (`/night "
            "list` shows them).")


def night_refusal(err: NightError, night: NightRow | None, zone: tzinfo,
                  player: str | None = None) -> str:
    """Every refusal of a night's rules, saying what is allowed; nothing changed. `player`:
    the name of the player a director acted on (else the refusal speaks to the clicker)."""
    f = err.fields
    name = f"**{safe_name_long(night.name)}**" if night is not None else "that night"
    code = err.code
    who = safe_name(player) if player is not None else None
    if code == "already-in":
        position = ordinal(int(str(f.get("position") or 0)))
        if f.get("place") == "seated":
            if who is not None:
                return f"Not done: {who} already has a seat at {name}."
            return f"You already have a seat at {name}. Can't come? Click **{BUTTON_OUT}**."
        if who is not None:
            return f"Not done: {who} is already on the waiting list of {name}: **{position}**."
        return f"You are already on the waiting list of {name}: **{position}**."
    if code == "not-in":
        if who is not None:
            return f"Not done: {who} is not on the list of {name} (no seat, not waiting)."
        return (f"You are not signed up for {name}: nothing to undo. **{BUTTON_IN}** takes a "
                "seat.")
    if code == "opened":
        where = f" in <#{night.channel_id}>" if night is not None else ""
        return (f"{name} has started: its tournament is open{where}. Join it there with "
                "`/tournament join` while late registration is open.")
    if code == "closed":
        status = str(f.get("status"))
        word = {"cancelled": "cancelled", "missed": "not held", "done": "over"}.get(status,
                                                                                  status)
        return f"{name} is {word}: its list is closed."
    return _plain_refusal(code, f, name, zone)


def _plain_refusal(code: str, f: dict[str, object], name: str, zone: tzinfo) -> str:
    text = str(f.get("text", ""))
    shown = f"`{safe_text(text, 60)}`" if text else "that"
    sentences = {
        "unreadable": f"I could not read {shown} as a day and a time. {WHEN_HELP}",
        "no-time": f"{shown} has no time of day. {WHEN_HELP}",
        "slashed-date": (f"{shown}: dates with slashes are read differently from country to "
                         "country. Write `2026-12-15 19:30` or `15 dec 19:30`."),
        "no-such-date": f"{shown} is not a date on the calendar. {WHEN_HELP}",
        "wrong-weekday": f"{shown}: that date is not on the weekday you typed.",
        "reminders-unreadable": f"I could not read {shown} as reminders. {REMINDERS_HELP}",
        "reminders-range": f"Each reminder is 10 minutes to 14 days before. {REMINDERS_HELP}",
        "reminders-many": f"At most three reminders. {REMINDERS_HELP}",
        "unknown-zone": (f"`{safe_text(str(f.get('name', '')), 60)}` is not a time zone I "
                         "know: use a name such as `Europe/Amsterdam` or `America/New_York` "
                         "(offered as you type)."),
        "guests-live-only": ("Guests without a Discord account play only at a live night; "
                             f"online everyone signs up with **{BUTTON_IN}**."),
        "guest-name": f"A guest needs a name of 1 to {f.get('most')} characters.",
        "not-waiting": f"Not done: {safe_name(str(f.get('name', '')))} is not on the waiting "
                       "list.",
        "not-seated": f"Not done: {safe_name(str(f.get('name', '')))} has no seat.",
        "seats-below": (f"{f.get('seated')} players have seats: the seats cannot go below "
                        "that. Take players off first (`/night drop`)."),
        "not-opened": ("No-shows are marked once the night has opened, at its start; before "
                       f"that a player who can't come clicks **{BUTTON_OUT}** (or a director "
                       "uses `/night drop`)."),
        "not-editable": f"{name} has {_status_words(f)}: it cannot be changed now.",
        "not-cancellable": (f"{name} has {_status_words(f)}: it cannot be cancelled now"
                            + (" (its tournament: `/tournament cancel`)."
                               if f.get("status") == "open" else ".")),
        "no-night": "That night no longer exists: `/night list` shows the coming ones.",
        "changed": "Its list changed meanwhile: look at it again and try once more.",
    }
    if code == "past":
        when = f.get("when")
        said = local_time(when.timestamp(), zone) if isinstance(when, datetime) else "it"
        return f"That moment has passed ({said}): give a day and time ahead. {WHEN_HELP}"
    if code == "too-far":
        return "That is more than a year ahead: schedule nights within a year."
    if code == "skipped-time":
        return (f"{f.get('clock')} does not exist on {f.get('day')} in {zone_name(zone)}: the "
                "clocks skip it. Choose another time.")
    return sentences.get(code, ended("That is not possible now."))


def _status_words(f: dict[str, object]) -> str:
    return {"open": "started", "done": "been played", "cancelled": "been cancelled",
            "missed": "not been held"}.get(str(f.get("status")), "moved on")


# ---------------------------------------------------------------------- posts of the steps


def reminder_text(view: NightView, zone: tzinfo) -> str:
    """One post mentioning everyone signed up (never a DM each), the waiting list told where
    they stand."""
    n = view.night
    where = f" at **{safe_text(n.place, PLACE_CHARS)}**" if n.place else ""
    lines = [f"⏰ **{safe_name_long(n.name)}** starts <t:{int(n.starts_at)}:R> "
             f"({local_time(n.starts_at, zone)}){where}.",
             f"Seated ({len(view.seated)}): {mentions(view.seated) or 'nobody yet'}"]
    if view.waiting:
        lines.append(f"Waiting list: {waiting_list(view.waiting, mention=True)}: you get a "
                     "seat if one frees, in that order.")
    lines.append(f"**{BUTTON_STILL_IN}** to say you are coming; **{BUTTON_OUT}** if you can't: "
                 "your seat goes to the first waiting.")
    return truncate("\n".join(lines), MESSAGE_CHARS)


def promoted_dm_text(view: NightView, zone: tzinfo) -> str:
    n = view.night
    where = f" at {safe_text(n.place, PLACE_CHARS)}" if n.place else ""
    return (f"🎟 A seat came free at **{safe_name_long(n.name)}**, "
            f"{local_time(n.starts_at, zone)} (<t:{int(n.starts_at)}:R>){where}: it is yours "
            f"(you were first on the waiting list). Can't come? **{BUTTON_OUT}** passes it to "
            "the next.")


def promoted_here_text(user_id: int, view: NightView) -> str:
    """In the channel when his DMs are closed (mentions him alone)."""
    n = view.night
    return (f"🎟 <@{user_id}> a seat came free at **{safe_name_long(n.name)}** and it is yours "
            "(you were first on the waiting list; your DMs are closed, so I say it here). "
            f"Can't come? **{BUTTON_OUT}** on its announcement passes it on.")


def opened_text(view: NightView, zone: tzinfo, *, autostart_at: float | None) -> str:
    """One post to the director at the start: who is registered, who did not answer the
    reminder, the waiting list, and what is left to do."""
    n = view.night
    seated = view.seated
    lines = [f"🎬 <@{n.created_by}> **{safe_name_long(n.name)}** is open in this channel: "
             f"**{counted(len(seated), 'player')} registered**: {names(seated, 60)}."]
    if n.reminders and n.reminded:
        silent = [e for e in seated if not e.confirmed and not e.guest]
        lines.append("Did not answer the reminder: " + (f"{names(silent)}." if silent
                                                        else "nobody, all answered."))
    if view.waiting:
        lines.append(f"Waiting list: {waiting_list(view.waiting)}.")
    lines.append("A no-show: `/night noshow player:` (his seat goes to the first waiting).")
    if autostart_at is not None:
        lines.append(f"The tournament starts by itself <t:{int(autostart_at)}:R>, or now with "
                     f"**{BUTTON_START}** once the no-shows are marked.")
    else:
        lines.append("Then start it with `/tournament start`.")
    return truncate("\n".join(lines), MESSAGE_CHARS)


def open_delayed_text(view: NightView, reason: str, busy: str | None) -> str:
    n = view.night
    head = f"⚠️ <@{n.created_by}> **{safe_name_long(n.name)}** should start now, but"
    if reason == "channel-busy":
        what = f": **{safe_name(busy)}**" if busy else ""
        return (f"{head} this channel still has a tournament that is not finished{what}. The "
                "night opens within 15 minutes of its end (or of `/tournament cancel`); its "
                "players keep their seats.")
    return (f"{head} its tournament could not be set up (its structure or payouts could not "
            "be read: check them with `/td structure show`). I try again every 15 minutes.")


def missed_text(view: NightView, zone: tzinfo, following: NightView | None) -> str:
    n = view.night
    text = (f"⚠️ <@{n.created_by}> **{safe_name_long(n.name)}** was due at "
            f"{local_time(n.starts_at, zone)} while I was offline, too long ago to open it now: "
            "nothing was created. Create its tournament by hand with `/tournament create` if "
            "it is being played.")
    if following is not None:
        text += (f"\nNext: **{safe_name_long(following.night.name)}**, "
                 f"{when_line(following.night.starts_at, zone)}.")
    return text


def over_text(view: NightView, zone: tzinfo, following: NightView | None, *,
              finished: bool, event_url: str | None) -> str:
    n = view.night
    text = (f"🏁 **{safe_name_long(n.name)}** is over: the results are above."
            if finished else f"🏁 **{safe_name_long(n.name)}**'s tournament was cancelled.")
    if event_url is not None:
        text += f" Its Discord event: {event_url}"
    if following is not None:
        text += (f"\nNext: **{safe_name_long(following.night.name)}**, "
                 f"{when_line(following.night.starts_at, zone)}: sign up on its announcement "
                 "below.")
    return text


def event_gone_text(view: NightView) -> str:
    n = view.night
    return (f"⚠️ <@{n.created_by}> The Discord event of **{safe_name_long(n.name)}** was "
            "deleted in Discord. The night stays on in the bot: sign-ups, reminders and the "
            "start go on as planned. `/night edit` puts the event back; `/night cancel` "
            "cancels the night.")


def autostart_refused_text(view: NightView, refusal: str) -> str:
    return (f"⚠️ <@{view.night.created_by}> **{safe_name_long(view.night.name)}**'s tournament "
            f"could not start by itself: {refusal}")


def noshow_text(name: str, promoted: Sequence[Entrant]) -> str:
    text = f"{safe_name(name)} is marked as a no-show and unregistered."
    if promoted:
        text += f" {names(promoted)} takes the seat (registered, told)."
    return text


def added_text(taken: Taken, view: NightView) -> str:
    e = taken.entrant
    if e.place == "seated":
        return f"{line_name(e)} has a seat at **{safe_name_long(view.night.name)}**."
    return (f"All seats are taken: {line_name(e)} is **{ordinal(taken.position or 0)}** on the "
            "waiting list.")


def seated_text(taken: Taken, seats_before: int) -> str:
    more = (f" One more seat: the night has {taken.seats} now." if taken.seats > seats_before
            else "")
    return f"{line_name(taken.entrant)} moves off the waiting list into a seat (told).{more}"


def dropped_text(taken: Taken) -> str:
    text = f"{line_name(taken.entrant)} is off the list."
    if taken.promoted:
        text += f" {names(taken.promoted)} takes the seat (told)."
    return text
