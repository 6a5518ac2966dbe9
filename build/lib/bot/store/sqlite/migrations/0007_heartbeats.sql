-- When each unfinished tournament was last run by a live process: the running bot
-- writes it every few seconds (one statement for all its tournaments), so a restart knows how
-- long the bot was down even after a SIGKILL, and an online game's clocks resume with the time
-- they had left instead of charging the downtime to the players.
CREATE TABLE heartbeats (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    alive_at      REAL    NOT NULL
);
