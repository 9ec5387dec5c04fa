-- Vela games (tsivy only, never rated): 1 when the challenger plays with the handicap, 0 for a normal game.
ALTER TABLE games ADD COLUMN vela BIGINT NOT NULL DEFAULT 0;
