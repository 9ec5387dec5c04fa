-- Correspondence games (days per turn, time control "3d"): their open challenges stay while their creator is away,
-- and they are rated apart from live games, each player having a second Glicko-2 rating (a new player's values).
ALTER TABLE games ADD COLUMN correspondence BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN correspondence_rating DOUBLE PRECISION NOT NULL DEFAULT 1500;
ALTER TABLE players ADD COLUMN correspondence_deviation DOUBLE PRECISION NOT NULL DEFAULT 350;
ALTER TABLE players ADD COLUMN correspondence_volatility DOUBLE PRECISION NOT NULL DEFAULT 0.06;
