-- A server's logo for the room's screen (`/td screen logo:`): a PNG or JPEG kept in the
-- database and served by the bot itself (never a third party's address), one per server.
CREATE TABLE screen_logos (
    guild_id     INTEGER PRIMARY KEY,
    image        BLOB    NOT NULL,
    content_type TEXT    NOT NULL,
    updated_by   INTEGER NOT NULL,
    updated_at   REAL    NOT NULL
);
