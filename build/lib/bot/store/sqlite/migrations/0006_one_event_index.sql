-- One index fewer on the event log. events_by_tournament (tournament_id, id) repeated
-- what the unique (tournament_id, stream, seq) index already finds: a tournament's events, and
-- with the stream, its tail. Each action's COMMIT wrote one page of it more to the WAL, and with
-- many tournaments appending at once its half-filled pages were ~0.4 KiB per hand. (The same
-- index goes on PostgreSQL, bot/store/postgres/migrations, so both schemas stay alike.)
DROP INDEX events_by_tournament;
