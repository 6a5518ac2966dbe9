-- Hole cards by DM: a player may turn them off (`/cards dm:`), and a server may set
-- the default for players who have not chosen (`/td settings`). The DM stays the default.
ALTER TABLE guild_settings ADD COLUMN hole_card_dms INTEGER NOT NULL DEFAULT 1
    CHECK (hole_card_dms IN (0, 1));
CREATE TABLE player_settings (
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    hole_card_dms INTEGER NOT NULL CHECK (hole_card_dms IN (0, 1)),
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
