-- PostgreSQL dialect of bot/store/sqlite/migrations/0003_league_play.sql (see 0001 for the mapping).

CREATE TABLE league_settings (
    league_id     BIGINT  PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    points_system TEXT    NOT NULL DEFAULT 'linear',
    -- season options (best N, minimum nights, bounty points, tie-breaks ...) and money options
    options       json    NOT NULL DEFAULT '{}',
    -- NULL: the league plays for no money (no currency shown)
    currency      TEXT,
    updated_at    DOUBLE PRECISION NOT NULL
);

-- The primary key is what makes "one active season per league" impossible to break.
CREATE TABLE active_seasons (
    league_id  BIGINT  PRIMARY KEY REFERENCES leagues (id) ON DELETE CASCADE,
    season_id  BIGINT  NOT NULL UNIQUE REFERENCES seasons (id) ON DELETE CASCADE,
    since      DOUBLE PRECISION NOT NULL
);

CREATE TABLE tournament_scoring (
    tournament_id BIGINT  PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    points_system TEXT    NOT NULL,
    options       json    NOT NULL DEFAULT '{}',
    scored_at     DOUBLE PRECISION NOT NULL
);
