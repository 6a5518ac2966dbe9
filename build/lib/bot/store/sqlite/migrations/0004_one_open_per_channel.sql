-- Uniqueness the database enforces, so two commands at once cannot both win, and the
-- two table-display settings of a server.

-- One open (registering or running) tournament per channel. Channels an older bot left with two
-- open tournaments keep the oldest; the later ones were orphans nobody could reach: cancelled.
UPDATE tournaments SET status = 'cancelled', finished_at = COALESCE(finished_at, created_at)
WHERE status IN ('registering', 'running') AND channel_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM tournaments o
              WHERE o.channel_id = tournaments.channel_id
                AND o.status IN ('registering', 'running') AND o.id < tournaments.id);
DELETE FROM deadlines
WHERE tournament_id IN (SELECT id FROM tournaments WHERE status = 'cancelled');
CREATE UNIQUE INDEX tournaments_one_open_per_channel ON tournaments (channel_id)
    WHERE status IN ('registering', 'running');

-- League names are unique in a server whatever their case ('Sunday' and 'sunday' are one name:
-- players type names, and a lookup by name ignores case). A later league whose name clashed was
-- unreachable by name; it gets its id appended.
UPDATE leagues SET name = name || ' (' || id || ')'
WHERE EXISTS (SELECT 1 FROM leagues o
              WHERE o.guild_id = leagues.guild_id AND o.name = leagues.name COLLATE NOCASE
                AND o.id < leagues.id);
CREATE UNIQUE INDEX leagues_name_nocase ON leagues (guild_id, name COLLATE NOCASE);

-- Cards drawn in four colours (on by default), and how long before the player to act is pinged.
ALTER TABLE guild_settings ADD COLUMN four_colour_deck INTEGER NOT NULL DEFAULT 1
    CHECK (four_colour_deck IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN idle_ping_seconds INTEGER NOT NULL DEFAULT 10
    CHECK (idle_ping_seconds >= 0);
