-- League play: each league's points system and money settings, the one active season of a
-- league, and which points system scored each finished tournament (so standings can say how
-- a night was scored, and a night the game never scored is scored once, later).

CREATE TABLE league_settings (
    league_id     INTEGER PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    points_system TEXT    NOT NULL DEFAULT 'linear',
    -- season options (best N, minimum nights, bounty points, tie-breaks ...) and money options
    options       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    -- NULL: the league plays for no money (no currency shown)
    currency      TEXT,
    updated_at    REAL    NOT NULL
);

-- The primary key is what makes "one active season per league" impossible to break.
CREATE TABLE active_seasons (
    league_id  INTEGER PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    season_id  INTEGER NOT NULL UNIQUE REFERENCES seasons (id) ON DELETE CASCADE,
    since      REAL    NOT NULL
);

CREATE TABLE tournament_scoring (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    points_system TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    scored_at     REAL    NOT NULL
);
