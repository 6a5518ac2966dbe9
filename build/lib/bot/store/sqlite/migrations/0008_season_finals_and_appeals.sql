-- A finished season keeps the settings it ended with (points system, season options,
-- money), so its final standings never change when the league's settings do later; a season is
-- final once it has ended and no night that started in it is still running.
CREATE TABLE season_finals (
    season_id  INTEGER PRIMARY KEY REFERENCES seasons (id) ON DELETE CASCADE,
    final_at   REAL    NOT NULL,
    settings   TEXT    NOT NULL CHECK (json_valid(settings))
);

-- One open appeal per member per hand: two /appeal of one hand at once cannot both land.
CREATE UNIQUE INDEX appeals_one_open_per_hand ON appeals (user_id, hand_id)
    WHERE status = 'open' AND hand_id IS NOT NULL;
-- A member's recent appeals (the rate limit counts them).
CREATE INDEX appeals_by_user ON appeals (guild_id, user_id, created_at);
