-- A league's coming nights, scheduled in Discord (`/night schedule`): when and where, what is
-- played, the seats (the host's tables) and who signed up, seated or waiting. Times are UNIX
-- seconds; `time_zone` is the server's zone when the night was scheduled (a weekly night keeps
-- its wall-clock time in it). `reminders` are seconds before the start (a JSON list),
-- `reminded` those done (sent, or passed over: a reminder is never sent twice). `version`
-- goes up at every change of the night or its list: the write that takes a seat bumps it
-- first, which holds the night's row until it commits (PostgreSQL), so two clicks at once are
-- decided one after the other.
CREATE TABLE nights (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    channel_id    INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    starts_at     REAL    NOT NULL,
    time_zone     TEXT    NOT NULL,
    place         TEXT,
    mode          TEXT    NOT NULL CHECK (mode IN ('live', 'online')),
    structure     TEXT    NOT NULL,
    payouts       TEXT    NOT NULL,
    buy_in        INTEGER NOT NULL CHECK (buy_in >= 0),
    seats         INTEGER NOT NULL CHECK (seats >= 2),
    repeats       TEXT    NOT NULL CHECK (repeats IN ('none', 'weekly', 'fortnightly')),
    autostart     INTEGER NOT NULL DEFAULT 0 CHECK (autostart IN (0, 1)),
    reminders     TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(reminders)),
    reminded      TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(reminded)),
    status        TEXT    NOT NULL DEFAULT 'scheduled'
                  CHECK (status IN ('scheduled', 'open', 'done', 'cancelled', 'missed')),
    event_id      INTEGER,
    event_state   TEXT    NOT NULL DEFAULT 'none'
                  CHECK (event_state IN ('none', 'made', 'refused', 'gone')),
    message_id    INTEGER,
    tournament_id INTEGER REFERENCES tournaments (id),
    opened_at     REAL,
    autostart_at  REAL,
    previous_id   INTEGER REFERENCES nights (id),
    created_by    INTEGER NOT NULL,
    created_at    REAL    NOT NULL,
    version       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX nights_by_status ON nights (status, starts_at);
CREATE INDEX nights_by_guild ON nights (guild_id, starts_at);
CREATE INDEX nights_by_event ON nights (event_id);
CREATE INDEX nights_by_tournament ON nights (tournament_id);
-- One line per player and night: a member keyed by his id in digits, a guest by his name
-- folded ('guest:ed guest'). `turn` is the order of signing up (the waiting list's order).
CREATE TABLE night_signups (
    night_id   INTEGER NOT NULL REFERENCES nights (id),
    entrant    TEXT    NOT NULL,
    user_id    INTEGER,
    name       TEXT    NOT NULL,
    place      TEXT    NOT NULL CHECK (place IN ('seated', 'waiting', 'out')),
    turn       INTEGER NOT NULL,
    confirmed  INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
    no_show    INTEGER NOT NULL DEFAULT 0 CHECK (no_show IN (0, 1)),
    added_by   INTEGER,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (night_id, entrant)
);
-- A league's reminders for its nights (`/night reminders`), seconds before the start.
CREATE TABLE night_settings (
    league_id  INTEGER PRIMARY KEY REFERENCES leagues (id),
    reminders  TEXT    NOT NULL CHECK (json_valid(reminders)),
    updated_at REAL    NOT NULL
);
-- The server's time zone (`/td settings timezone:`, an IANA name); NULL: UTC.
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT;
