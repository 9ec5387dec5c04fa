-- The fair-play review (issue 51, point 4), written by the `fanorona-fair-play` worker: each rated game's figures for
-- each player, the games reviewed, and the players flagged for moderators.
ALTER TABLE games ADD COLUMN fair_play_reviewed BIGINT NOT NULL DEFAULT 0;

CREATE TABLE fair_play_games (
    game TEXT NOT NULL REFERENCES games (id),
    player TEXT NOT NULL REFERENCES players (id),
    -- The complex positions the player moved in, those where they played the engine's first choice, and their mean
    -- accuracy (0..100) over all their turns reviewed.
    complex BIGINT NOT NULL,
    matched BIGINT NOT NULL,
    accuracy DOUBLE PRECISION NOT NULL,
    -- When the game ended: the window of a player's last games is by it.
    ended BIGINT NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX fair_play_games_player ON fair_play_games (player, ended);

CREATE TABLE fair_play_flags (
    player TEXT PRIMARY KEY REFERENCES players (id),
    at BIGINT NOT NULL,
    complex BIGINT NOT NULL,
    matched BIGINT NOT NULL,
    accuracy DOUBLE PRECISION NOT NULL,
    -- The window's games (JSON: a list of the protocol's FairPlayGame), newest first.
    evidence TEXT NOT NULL,
    -- When a moderator's action on the player closed it; NULL while it is open.
    closed BIGINT
);
