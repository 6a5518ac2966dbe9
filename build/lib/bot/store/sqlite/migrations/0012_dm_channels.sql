-- Each player's DM channel, as Discord opened it: a restarted bot sends the next
-- deal's hole cards there instead of asking Discord to open every player's DM channel again
-- (one request each, under the global limit: thousands at a network's restart).
CREATE TABLE dm_channels (
    user_id    INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    updated_at REAL    NOT NULL
);
