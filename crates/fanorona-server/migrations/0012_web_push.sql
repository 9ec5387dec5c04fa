-- Web Push (RFC 8030, 8291, 8292). The server's own keys, made once by whichever process starts first (the others
-- read them): a VAPID key pair must not change while browsers hold subscriptions made with its public half.
CREATE TABLE server_keys (
    name TEXT PRIMARY KEY,
    -- The private key, base64url.
    value TEXT NOT NULL,
    created BIGINT NOT NULL
);

-- A browser's push subscription: one row per push service address, which a browser keeps for its lifetime. It
-- belongs to a login and goes with it (logout, or unused for long).
CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players (id),
    login TEXT NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
    -- The browser's keys, base64url as it gave them.
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    -- The events to send, comma-separated names (turn,challenge,result,reminder).
    events TEXT NOT NULL,
    -- What the notifications say, as JSON (the protocol's PushWords).
    words TEXT NOT NULL,
    created BIGINT NOT NULL
);

CREATE INDEX push_subscriptions_player ON push_subscriptions (player);
CREATE INDEX push_subscriptions_login ON push_subscriptions (login);

-- The number of turns a correspondence game had when the side to move was reminded that its time runs out (-1:
-- never), so that one process reminds once per turn.
ALTER TABLE games ADD COLUMN reminded BIGINT NOT NULL DEFAULT -1;
