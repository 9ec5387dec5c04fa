-- Puzzles (issue 37, docs/PUZZLES.md): the shipped sets, added at every start (a puzzle already stored is kept as it
-- is, with the rating players' results gave it), each player's puzzle rating apart from the game rating, and each
-- player's result on each puzzle (one, the first: a puzzle is rated once for a player).

CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    position TEXT NOT NULL,
    -- The solution in notation, separated by spaces; the themes by name, separated by commas.
    solution TEXT NOT NULL,
    themes TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL,
    solved BIGINT NOT NULL
);

CREATE INDEX puzzles_variant ON puzzles (variant, rating);

CREATE TABLE puzzle_results (
    player TEXT NOT NULL REFERENCES players (id),
    puzzle TEXT NOT NULL REFERENCES puzzles (id),
    solved BIGINT NOT NULL,
    -- The player's puzzle rating before and after.
    rating_before DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    recorded BIGINT NOT NULL,
    PRIMARY KEY (player, puzzle)
);

ALTER TABLE players ADD COLUMN puzzle_rating DOUBLE PRECISION NOT NULL DEFAULT 1500;
ALTER TABLE players ADD COLUMN puzzle_deviation DOUBLE PRECISION NOT NULL DEFAULT 350;
ALTER TABLE players ADD COLUMN puzzle_volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06;
