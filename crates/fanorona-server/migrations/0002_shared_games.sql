-- Several server processes may share one PostgreSQL database: what they must agree on lives here, not in memory.

-- The number of turns stored: a turn is accepted by UPDATE ... WHERE plies = N - 1 and an end by
-- UPDATE ... WHERE plies = N, so that two processes can never both accept a turn, nor end a game that moved on.
ALTER TABLE games ADD COLUMN plies BIGINT NOT NULL DEFAULT 0;
UPDATE games SET plies = (SELECT COUNT(*) FROM turns t WHERE t.game = games.id);

-- The side whose draw offer stands ('white' or 'black'), NULL when none does.
ALTER TABLE games ADD COLUMN draw_offer TEXT;

-- The sides that had the grace of a dropped connection (their flag fell while they were away): 1 White, 2 Black.
ALTER TABLE games ADD COLUMN grace_used BIGINT NOT NULL DEFAULT 0;
