-- Core: guild settings, leagues, tournaments and the event log that recovery replays.
-- JSON columns are TEXT checked with json_valid so a bad write fails at commit, not at recovery.

CREATE TABLE guild_settings (
    guild_id              INTEGER PRIMARY KEY,
    profile               TEXT    NOT NULL DEFAULT 'tda',
    knob_overrides        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(knob_overrides)),
    director_role_id      INTEGER,
    structure_presets     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(structure_presets)),
    payout_presets        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(payout_presets)),
    points_system         TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(points_system)),
    tournament_channel_id INTEGER,
    updated_at            REAL    NOT NULL
);

CREATE TABLE leagues (
    id         INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    UNIQUE (guild_id, name)
);

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    starts_at  REAL,
    ends_at    REAL,
    created_at REAL    NOT NULL,
    UNIQUE (league_id, name)
);

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    league_id   INTEGER REFERENCES leagues (id),
    season_id   INTEGER REFERENCES seasons (id),
    channel_id  INTEGER,
    name        TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'registering'
                CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    profile     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(profile)),
    config      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(config)),
    created_at  REAL    NOT NULL,
    started_at  REAL,
    finished_at REAL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, created_at);
CREATE INDEX tournaments_unfinished ON tournaments (status)
    WHERE status IN ('registering', 'running');

CREATE TABLE tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    table_no      INTEGER NOT NULL,
    thread_id     INTEGER,
    message_id    INTEGER,
    broken_at     REAL,
    PRIMARY KEY (tournament_id, table_no)
);

-- Where the bot's live messages are, so a restarted bot edits them instead of posting anew.
CREATE TABLE messages (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    key           TEXT    NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER NOT NULL,
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (tournament_id, key)
);

CREATE TABLE entries (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'registered'
                  CHECK (status IN ('registered', 'playing', 'eliminated', 'withdrawn')),
    table_no      INTEGER,
    seat_no       INTEGER,
    entered_at    REAL    NOT NULL,
    UNIQUE (tournament_id, user_id)
);

CREATE TABLE hands (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    table_no      INTEGER NOT NULL,
    hand_no       INTEGER NOT NULL,
    started_at    REAL    NOT NULL,
    finished_at   REAL,
    UNIQUE (tournament_id, table_no, hand_no)
);

-- AUTOINCREMENT: ids must never be reused, because snapshots name the last event they cover.
-- audience NULL = public; otherwise a JSON array of the user ids who may see the event.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    stream        TEXT    NOT NULL,
    seq           INTEGER NOT NULL CHECK (seq >= 1),
    hand_id       INTEGER REFERENCES hands (id) ON DELETE CASCADE,
    type          TEXT    NOT NULL,
    data          TEXT    NOT NULL CHECK (json_valid(data)),
    audience      TEXT    CHECK (audience IS NULL OR json_valid(audience)),
    created_at    REAL    NOT NULL,
    UNIQUE (tournament_id, stream, seq)
);
CREATE INDEX events_by_tournament ON events (tournament_id, id);
CREATE INDEX events_by_hand ON events (hand_id, id) WHERE hand_id IS NOT NULL;

-- The log is history: a corrected mistake is a new event, never an edited one.
CREATE TRIGGER events_append_only BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only');
END;

CREATE TABLE snapshots (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    last_event_id INTEGER NOT NULL,
    state         TEXT    NOT NULL CHECK (json_valid(state)),
    created_at    REAL    NOT NULL
);
CREATE INDEX snapshots_latest ON snapshots (tournament_id, last_event_id);

-- Absolute unix times: a restart re-arms from due_at, so nobody's clock is reset or extended.
CREATE TABLE deadlines (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL,
    key           TEXT    NOT NULL DEFAULT '',
    due_at        REAL    NOT NULL,
    data          TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    PRIMARY KEY (tournament_id, kind, key)
);
