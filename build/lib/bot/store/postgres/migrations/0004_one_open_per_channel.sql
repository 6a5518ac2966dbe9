-- PostgreSQL dialect of bot/store/sqlite/migrations/0004_one_open_per_channel.sql.

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

-- League names are unique in a server whatever their case. SQLite's COLLATE NOCASE folds ASCII
-- letters only; ascii_fold does exactly that (lower() would also fold 'É' to 'é', so a name
-- SQLite keeps apart would clash here and a copied league could not be inserted).
CREATE FUNCTION ascii_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
    $$ SELECT translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') $$;
UPDATE leagues SET name = name || ' (' || id || ')'
WHERE EXISTS (SELECT 1 FROM leagues o
              WHERE o.guild_id = leagues.guild_id AND ascii_fold(o.name) = ascii_fold(leagues.name)
                AND o.id < leagues.id);
CREATE UNIQUE INDEX leagues_name_nocase ON leagues (guild_id, ascii_fold(name));

-- Cards drawn in four colours (on by default), and how long before the player to act is pinged.
ALTER TABLE guild_settings ADD COLUMN four_colour_deck INTEGER NOT NULL DEFAULT 1
    CHECK (four_colour_deck IN (0, 1));
ALTER TABLE guild_settings ADD COLUMN idle_ping_seconds INTEGER NOT NULL DEFAULT 10
    CHECK (idle_ping_seconds >= 0);
