-- A challenge addressed to one player (a rematch): only the player with this id may accept it, and only they and its
-- creator see it listed. NULL for a challenge anyone may accept.
ALTER TABLE games ADD COLUMN opponent TEXT REFERENCES players (id);
