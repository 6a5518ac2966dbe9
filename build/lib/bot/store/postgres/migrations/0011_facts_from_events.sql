-- A fact is kept once, in the tournament's event log. A night's re-buys and add-ons
-- (their money), its busts and knockouts, and a director's rulings are read from their events
-- (bot/league/nightlog.py; bot/service/usecases/director.py `rulings`); the tables that
-- copied them are no longer written, and go.
DROP TABLE rebuys;
DROP TABLE eliminations;

-- An appeal of a ruling names the ruling's event (events.id), not a row of `rulings`. An old
-- appeal's ruling is found by its event: the ruling row and its event were written in one
-- transaction, at one time; a ruling whose event is not found leaves the appeal without it
-- (its hand and its tournament stay).
ALTER TABLE appeals DROP CONSTRAINT appeals_ruling_id_fkey;
UPDATE appeals a SET ruling_id = (
    SELECT e.id FROM rulings r JOIN events e
        ON e.tournament_id = r.tournament_id AND e.type = 'tournament.director_ruling'
       AND e.created_at = r.created_at
     WHERE r.id = a.ruling_id ORDER BY e.id LIMIT 1)
 WHERE a.ruling_id IS NOT NULL;
ALTER TABLE appeals ADD CONSTRAINT appeals_ruling_id_fkey
    FOREIGN KEY (ruling_id) REFERENCES events (id) ON DELETE SET NULL;
DROP TABLE rulings;
