-- PostgreSQL dialect of bot/store/sqlite/migrations/0005_event_shapes.sql.
-- The PostgreSQL backend writes each event's data as a JSON object (its own insert in
-- dialect.py); this table holds the shapes of rows copied from a SQLite database written after
-- migration 0005 (data stored as [shape, value, ...]), which the shared reader decodes.
CREATE TABLE event_shapes (
    id   BIGSERIAL PRIMARY KEY,
    type TEXT NOT NULL,
    keys TEXT NOT NULL,
    UNIQUE (type, keys)
);
