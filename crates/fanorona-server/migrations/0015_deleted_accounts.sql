-- Accounts their players deleted (issue 51, point 5): when, on the player's row, which keeps its id, ratings and
-- finished games under a name nobody can take; and the names they held, kept from anyone else for a while.
ALTER TABLE players ADD COLUMN deleted BIGINT;

CREATE TABLE held_names (
    -- The name in lower case, as players.name_key.
    name_key TEXT PRIMARY KEY,
    -- Until when nobody may take it.
    until BIGINT NOT NULL
);
