-- Logins: one row per token handed out (a new guest's, or a password login's), so that a player may be logged in on
-- several devices and log out of one (`logout` deletes its row).
CREATE TABLE sessions (
    -- SHA-256 of the token, in hex; the token itself is never stored.
    token_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (id),
    created BIGINT NOT NULL,
    -- When a connection last said hello with the token.
    last_seen BIGINT NOT NULL
);

CREATE INDEX sessions_player ON sessions (player);

-- Each guest's token becomes its first login.
INSERT INTO sessions (token_hash, player, created, last_seen) SELECT token_hash, id, created, created FROM players;

-- players.token_hash is read no more. SQLite cannot drop a UNIQUE column, so it keeps the player's id instead: unique,
-- and the hash of no token (an id has 16 hex digits, a hash 64), so that the old column can never log anyone in.
UPDATE players SET token_hash = id;
