-- Puzzles confirmed by a deeper search (docs/PUZZLES.md): the other turns accepted for the solver's last
-- turn (in notation, separated by spaces; empty for none), and 1 for a shipped puzzle the sets no longer ship (the
-- confirmation dropped it): kept with its results, no longer served.
ALTER TABLE puzzles ADD COLUMN alternatives TEXT NOT NULL DEFAULT '';
ALTER TABLE puzzles ADD COLUMN retired BIGINT NOT NULL DEFAULT 0;
