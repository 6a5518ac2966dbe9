-- A server's own blind structures and payout tables, edited in Discord: the file's
-- text as the director uploaded or copied it (TOML), read by the same parser as the presets.
CREATE TABLE server_files (
    guild_id   BIGINT  NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('structure', 'payouts')),
    name       TEXT    NOT NULL,
    body       TEXT    NOT NULL,
    updated_by BIGINT  NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, kind, name)
);
