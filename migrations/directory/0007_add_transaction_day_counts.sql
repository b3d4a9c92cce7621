-- Per-day buckets of transactions in row_counts ('day', 'YYYY-MM-DD' UTC) so createdAt range totals need no full
-- count: whole days are summed from buckets and only the two partial days are counted on the index.

DROP TRIGGER transactions_count_insert;
DROP TRIGGER transactions_count_delete;

CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'status', CAST(NEW.status AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'day', date(NEW.created_at / 1000, 'unixepoch'), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'status' AND value = CAST(OLD.status AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'day' AND value = date(OLD.created_at / 1000, 'unixepoch');
END;

INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
SELECT project_id, mode, 'transactions', 'day', date(created_at / 1000, 'unixepoch'), COUNT(*)
FROM transactions GROUP BY project_id, mode, date(created_at / 1000, 'unixepoch');
