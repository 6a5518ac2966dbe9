-- Compact event rows (a database per 1,000 hands was 12 MiB). An event's data is
-- stored as a JSON array [shape, value, ...]: the shape names its keys, once per kind of event,
-- instead of repeating every key (and the type, which has its own column) in every row. Rows
-- written before this migration stay JSON objects; both are read.
CREATE TABLE event_shapes (
    id   INTEGER PRIMARY KEY,
    type TEXT    NOT NULL,
    keys TEXT    NOT NULL CHECK (json_valid(keys)),
    UNIQUE (type, keys)
);
