-- Tournaments (issue 50): arenas and Swiss events, run by the server's schedule (no creator) or created by a
-- registered player. The standings are never stored: they are worked out from the games (`games.tournament`) and,
-- for a Swiss event, its rounds' byes and absences.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    -- arena or swiss.
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    -- The player who created it; NULL for the server's own schedule.
    creator TEXT REFERENCES players (id),
    variant TEXT NOT NULL,
    time_control TEXT NOT NULL,
    rated BIGINT NOT NULL,
    starts BIGINT NOT NULL,
    -- An arena's length; a Swiss event's number of rounds (the other is 0).
    length_ms BIGINT NOT NULL,
    rounds BIGINT NOT NULL,
    -- SHA-256 of a club's password, in hex, for a private event; NULL for an open one.
    password_hash TEXT,
    -- upcoming, running or finished.
    status TEXT NOT NULL,
    -- A Swiss event's rounds paired so far. Pairing a round is one conditional write of this column (from N to N+1),
    -- so that of two processes deciding it at once, one pairs and the other's write changes nothing.
    round BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL
);

CREATE INDEX tournaments_status ON tournaments (status, starts);

CREATE TABLE tournament_players (
    tournament TEXT NOT NULL REFERENCES tournaments (id),
    player TEXT NOT NULL REFERENCES players (id),
    -- The rating the player joined with (the pool of the event's time control).
    rating DOUBLE PRECISION NOT NULL,
    joined BIGINT NOT NULL,
    -- 1 once the player has left the event: never paired again.
    withdrawn BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament, player)
);

-- The players of a Swiss round who had no game: the odd one out (a bye, one point) or one not there (no point).
CREATE TABLE tournament_byes (
    tournament TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    player TEXT NOT NULL REFERENCES players (id),
    -- bye or absent.
    kind TEXT NOT NULL,
    PRIMARY KEY (tournament, round, player)
);

-- A tournament's games are ordinary games (rated as their time control) that know their event and round; an arena
-- game records who played it on half their clock (berserk).
ALTER TABLE games ADD COLUMN tournament TEXT REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round BIGINT;
ALTER TABLE games ADD COLUMN white_berserk BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN black_berserk BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_tournament ON games (tournament);
