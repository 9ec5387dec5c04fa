-- Wrong passwords, counted here so that every process sharing the database and every restart sees them (they were
-- kept in each process's memory), by key: `pair:ADDRESS NAME`, `address:ADDRESS`, `name:NAME`, `device:HASH`.
CREATE TABLE login_failures (
    key TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    blocked_until BIGINT NOT NULL
);
CREATE INDEX login_failures_last_at ON login_failures (last_at);

-- The devices a player signed in on with a password (or registered on), by the hash of the device token they were
-- given: a password login from one of them is not stopped by guesses for the name from elsewhere.
CREATE TABLE trusted_devices (
    token_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (id),
    created BIGINT NOT NULL,
    last_used BIGINT NOT NULL
);
CREATE INDEX trusted_devices_last_used ON trusted_devices (last_used);
