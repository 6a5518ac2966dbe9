-- A fact is kept once, in the tournament's event log. A night's re-buys and add-ons
-- (their money), its busts and knockouts, and a director's rulings are read from their events
-- (bot/league/nightlog.py; bot/service/usecases/director.py `rulings`); the tables that
-- copied them are no longer written, and go.
DROP TABLE rebuys;
DROP TABLE eliminations;

-- An appeal of a ruling names the ruling's event (events.id), not a row of `rulings`. SQLite
-- cannot change a foreign key in place: the table is built again, same columns in the same
-- order (copy to PostgreSQL compares them), and its rows copied. An old appeal's ruling is
-- found by its event: the ruling row and its event were written in one transaction, at one
-- time; a ruling whose event is not found leaves the appeal without it (its hand and its
-- tournament stay).
CREATE TABLE appeals_new (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id),
    hand_id       INTEGER REFERENCES hands (id),
    ruling_id     INTEGER REFERENCES events (id) ON DELETE SET NULL,
    user_id       INTEGER NOT NULL,
    statement     TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    decision      TEXT,
    decided_by    INTEGER,
    created_at    REAL    NOT NULL,
    decided_at    REAL,
    CHECK ((status = 'open' AND decision IS NULL)
        OR (status = 'closed' AND decision IS NOT NULL AND decided_by IS NOT NULL))
);
INSERT INTO appeals_new (id, guild_id, tournament_id, hand_id, ruling_id, user_id, statement,
                         status, decision, decided_by, created_at, decided_at)
SELECT a.id, a.guild_id, a.tournament_id, a.hand_id,
       (SELECT e.id FROM rulings r JOIN events e
            ON e.tournament_id = r.tournament_id AND e.type = 'tournament.director_ruling'
           AND e.created_at = r.created_at
         WHERE r.id = a.ruling_id ORDER BY e.id LIMIT 1),
       a.user_id, a.statement, a.status, a.decision, a.decided_by, a.created_at, a.decided_at
  FROM appeals a;
DROP TABLE appeals;
ALTER TABLE appeals_new RENAME TO appeals;
CREATE INDEX appeals_by_guild ON appeals (guild_id, status);
CREATE UNIQUE INDEX appeals_one_open_per_hand ON appeals (user_id, hand_id)
    WHERE status = 'open' AND hand_id IS NOT NULL;
CREATE INDEX appeals_by_user ON appeals (guild_id, user_id, created_at);
DROP TABLE rulings;
