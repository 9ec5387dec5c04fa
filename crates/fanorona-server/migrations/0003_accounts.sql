-- Registered players: the argon2 hash of the password in PHC form (algorithm, parameters, salt and hash); NULL for
-- a guest, who has only a token.
ALTER TABLE players ADD COLUMN password_hash TEXT;
