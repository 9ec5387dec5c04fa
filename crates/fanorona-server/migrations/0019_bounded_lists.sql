-- Lists that stay fast at a million rows, and events a moderator cancels (issue 69, point 1): each query a list or a
-- cap runs reads an index, not the table.

-- The tournaments' list by status, then start, then id: a page of it is one range of this index, in its order (the
-- index of migration 18 lacked the id, so PostgreSQL sorted every finished event to break ties).
DROP INDEX tournaments_status;
CREATE INDEX tournaments_listed ON tournaments (status, starts, id);

-- A creator's events to come and created in the last day, counted at each creation (the daily cap).
CREATE INDEX tournaments_creator ON tournaments (creator, created);

-- A player's finished games, newest first (a profile's games and rating changes, the export's pages): without
-- these, each profile read every game.
CREATE INDEX games_white ON games (white, status, updated);
CREATE INDEX games_black ON games (black, status, updated);

-- The next finished games to look through for puzzles and to review for fair play, oldest first: partial indexes,
-- which hold only the games still to do, instead of a walk past every finished game done already.
CREATE INDEX games_unsearched ON games (updated) WHERE status = 'finished' AND puzzles_searched = 0;
CREATE INDEX games_unreviewed ON games (updated) WHERE status = 'finished' AND rated = 1 AND fair_play_reviewed = 0;

-- An event a moderator cancelled: finished, and listed no more (its standings stay for its players, by id).
ALTER TABLE tournaments ADD COLUMN hidden BIGINT NOT NULL DEFAULT 0;

-- The event a moderator's action was about (cancel_tournament), beside its creator in `player`; NULL for the others.
ALTER TABLE moderation_log ADD COLUMN tournament TEXT REFERENCES tournaments (id);
