-- Reports that a flood cannot bury (issue 69, point 3): a daily cap per address, the reporters' record, and the
-- moderators' queue by reported player.

-- The key of the address a report came from (an IPv4 address, an IPv6 address's /64), for the daily cap per address:
-- never shown to moderators, and forgotten (NULL) once the report is a day old. NULL for reports made before.
ALTER TABLE reports ADD COLUMN address TEXT;
-- 1 once a moderator's dismissal ("nothing to do") closed the report, even if it is filed again: its reporter's
-- record counts it.
ALTER TABLE reports ADD COLUMN dismissed BIGINT NOT NULL DEFAULT 0;

-- The reports dismissed before this migration: closed at the moment the moderators' log has a dismissal of the player.
UPDATE reports SET dismissed = 1
WHERE closed IS NOT NULL AND EXISTS (
    SELECT 1 FROM moderation_log l
    WHERE l.player = reports.player AND l.at = reports.closed AND l.action = '{"kind":"dismiss"}'
);

-- The reports of one address in the last day, counted at each report.
CREATE INDEX reports_address ON reports (address, at);
-- The moderators' queue: the open reports grouped by reported player, without reading the closed ones.
CREATE INDEX reports_open_player ON reports (closed, player, reporter, at);
