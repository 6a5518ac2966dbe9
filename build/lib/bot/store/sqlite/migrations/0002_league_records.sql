-- League records: money and points, and the director's decisions with their reasons.

CREATE TABLE rebuys (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    entry_id      INTEGER NOT NULL REFERENCES entries (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL DEFAULT 'rebuy' CHECK (kind IN ('rebuy', 'addon')),
    chips         INTEGER NOT NULL CHECK (chips > 0),
    amount        INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
    created_at    REAL    NOT NULL
);
CREATE INDEX rebuys_by_tournament ON rebuys (tournament_id);

-- No uniqueness on (tournament, user): with re-buys a player can bust more than once.
CREATE TABLE eliminations (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    hand_id       INTEGER REFERENCES hands (id),
    eliminated_by TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(eliminated_by)),
    place         INTEGER CHECK (place IS NULL OR place >= 1),
    created_at    REAL    NOT NULL
);
CREATE INDEX eliminations_by_tournament ON eliminations (tournament_id);

-- prize in the league's smallest currency unit; points per the guild's points system.
CREATE TABLE results (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    place         INTEGER NOT NULL CHECK (place >= 1),
    prize         INTEGER NOT NULL DEFAULT 0 CHECK (prize >= 0),
    points        REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE rulings (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    hand_id       INTEGER REFERENCES hands (id),
    director_id   INTEGER NOT NULL,
    subject       TEXT    NOT NULL,
    decision      TEXT    NOT NULL,
    reason        TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    created_at    REAL    NOT NULL
);
CREATE INDEX rulings_by_tournament ON rulings (tournament_id);

CREATE TABLE director_actions (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    director_id    INTEGER NOT NULL,
    action         TEXT    NOT NULL,
    target_user_id INTEGER,
    data           TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(data)),
    reason         TEXT    NOT NULL CHECK (length(trim(reason)) > 0),
    created_at     REAL    NOT NULL
);
CREATE INDEX director_actions_by_tournament ON director_actions (tournament_id);

-- A disputed ruling sent to the league; decided later, possibly long after the tournament.
CREATE TABLE appeals (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id),
    hand_id       INTEGER REFERENCES hands (id),
    ruling_id     INTEGER REFERENCES rulings (id),
    user_id       INTEGER NOT NULL,
    statement     TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    decision      TEXT,
    decided_by    INTEGER,
    created_at    REAL    NOT NULL,
    decided_at    REAL,
    CHECK ((status = 'open' AND decision IS NULL)
        OR (status = 'closed' AND decision IS NOT NULL AND decided_by IS NOT NULL))
);
CREATE INDEX appeals_by_guild ON appeals (guild_id, status);
