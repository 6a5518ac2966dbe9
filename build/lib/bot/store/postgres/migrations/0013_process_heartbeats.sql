-- When each bot process last said it was alive: written every few seconds whatever it runs (the
-- tournaments' own heartbeats are written only while one is running), keyed by the shards the
-- process serves. `python -m bot.db health`, the Docker image's health check, reads it.
CREATE TABLE process_heartbeats (
    process  TEXT PRIMARY KEY,
    alive_at DOUBLE PRECISION NOT NULL
);
