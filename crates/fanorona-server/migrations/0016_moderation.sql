-- Moderation (issue 51, point 3): the moderators (a role given from the command line), suspensions, players'
-- reports, the moderators' log, and the players each player blocks.
ALTER TABLE players ADD COLUMN moderator BIGINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN suspended_until BIGINT;

-- One report per reporter, player and game ('' for none): a second one replaces the first.
CREATE TABLE reports (
    reporter TEXT NOT NULL REFERENCES players (id),
    player TEXT NOT NULL REFERENCES players (id),
    game TEXT NOT NULL,
    reason TEXT NOT NULL,
    note TEXT NOT NULL,
    at BIGINT NOT NULL,
    -- When a moderator's action on the player closed it; NULL while it is open.
    closed BIGINT,
    PRIMARY KEY (reporter, player, game)
);
CREATE INDEX reports_open ON reports (closed, at);

CREATE TABLE moderation_log (
    player TEXT NOT NULL REFERENCES players (id),
    moderator TEXT NOT NULL REFERENCES players (id),
    -- The action as the protocol writes it (JSON: {"kind": "suspend", "days": 3}).
    action TEXT NOT NULL,
    reason TEXT NOT NULL,
    at BIGINT NOT NULL,
    -- A warning the player has not been shown yet: 1 until they have.
    unseen BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX moderation_log_player ON moderation_log (player, at);

CREATE TABLE blocks (
    blocker TEXT NOT NULL REFERENCES players (id),
    blocked TEXT NOT NULL REFERENCES players (id),
    at BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
CREATE INDEX blocks_blocked ON blocks (blocked);
