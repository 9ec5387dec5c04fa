-- Vacations (days in which the clock of a player's correspondence games stands still): the last one, and the days
-- taken in the year of `vacation_year`.
ALTER TABLE players ADD COLUMN vacation_from BIGINT;
ALTER TABLE players ADD COLUMN vacation_until BIGINT;
ALTER TABLE players ADD COLUMN vacation_year BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN vacation_days BIGINT NOT NULL DEFAULT 0;
