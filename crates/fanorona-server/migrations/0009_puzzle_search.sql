-- Puzzles from the server's own games (issue 37, point 3): 1 once a finished game has been looked through for puzzles
-- (`fanorona-server --find-puzzles`), so that the next run looks only at games finished since.
ALTER TABLE games ADD COLUMN puzzles_searched BIGINT NOT NULL DEFAULT 0;
