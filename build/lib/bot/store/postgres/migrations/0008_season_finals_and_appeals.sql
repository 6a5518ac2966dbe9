-- PostgreSQL dialect of bot/store/sqlite/migrations/0008_season_finals_and_appeals.sql.

CREATE TABLE season_finals (
    season_id  BIGINT  PRIMARY KEY REFERENCES seasons (id) ON DELETE CASCADE,
    final_at   DOUBLE PRECISION NOT NULL,
    settings   json    NOT NULL
);

CREATE UNIQUE INDEX appeals_one_open_per_hand ON appeals (user_id, hand_id)
    WHERE status = 'open' AND hand_id IS NOT NULL;
CREATE INDEX appeals_by_user ON appeals (guild_id, user_id, created_at);
