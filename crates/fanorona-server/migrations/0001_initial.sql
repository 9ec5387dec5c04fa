-- The first schema. It is written for both SQLite and PostgreSQL (through sqlx's Any driver): only TEXT, BIGINT and
-- DOUBLE PRECISION columns, booleans as 0/1, times as milliseconds since the Unix epoch, ids made by the server.

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- The name in lower case: names are unique regardless of case.
    name_key TEXT NOT NULL UNIQUE,
    -- SHA-256 of the player's token, in hex; the token itself is never stored.
    token_hash TEXT NOT NULL UNIQUE,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    created BIGINT NOT NULL
);

-- A challenge is a game whose status is 'open'; accepting it turns it into that game, under the same id.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    creator TEXT NOT NULL REFERENCES players (id),
    white TEXT REFERENCES players (id),
    black TEXT REFERENCES players (id),
    variant TEXT NOT NULL,
    rated BIGINT NOT NULL,
    time_control TEXT NOT NULL,
    -- open, playing, finished or aborted.
    status TEXT NOT NULL,
    -- 1-0, 0-1, 1/2-1/2 or * (aborted), and why (protocol.rs, EndReason).
    result TEXT,
    reason TEXT,
    -- Each side's time left when clock_since was reached; the side to move has used the time since then.
    white_clock_ms BIGINT NOT NULL,
    black_clock_ms BIGINT NOT NULL,
    clock_since BIGINT,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE INDEX games_status ON games (status);

CREATE TABLE turns (
    game TEXT NOT NULL REFERENCES games (id),
    -- The turn's number in the game, from 1.
    ply BIGINT NOT NULL,
    notation TEXT NOT NULL,
    -- The mover's time left after the turn, increment included.
    clock_after_ms BIGINT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (game, ply)
);

CREATE TABLE rating_history (
    player TEXT NOT NULL REFERENCES players (id),
    game TEXT NOT NULL REFERENCES games (id),
    rating_before DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    recorded BIGINT NOT NULL,
    PRIMARY KEY (player, game)
);
