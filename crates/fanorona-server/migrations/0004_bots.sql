-- Players for whom a program plays (`hello` with `bot`): 1 for a bot, 0 for a person. A bot stays one, and plays
-- unrated games only.
ALTER TABLE players ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
