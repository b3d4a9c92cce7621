-- Page 1 of every search within 25 ms at 5,000,000 rows (issue 21; docs/decisions.md "The request log at scale").
--
-- The time index also holds the short path: a path-prefix search walks the newest entries in time order on this
-- index alone (no table row read per entry) and stops at the page, for a broad prefix ("/wallets", 1 row in 8).
-- The path index also holds the time: a rare prefix (one wallet's requests), for which that walk finds too few within
-- its cap, reads the prefix's range and orders it by time without reading the rows.
DROP INDEX request_logs_time;
CREATE INDEX request_logs_time ON request_logs (project_id, mode, created_at, short_path);
DROP INDEX request_logs_path;
CREATE INDEX request_logs_path ON request_logs (project_id, mode, short_path, created_at);
