-- The wallets list's custody and deployed filters answer `total` from row counters like chain and account type
-- (migration 0006): a COUNT(*) over half of a large project's wallets would cost ~100 ms per list.
CREATE TRIGGER wallets_count_insert_custody_deployed AFTER INSERT ON wallets BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'custody', CAST(NEW.custody AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'deployed', CAST(NEW.deployed AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER wallets_count_delete_custody_deployed AFTER DELETE ON wallets BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'custody' AND value = CAST(OLD.custody AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'deployed' AND value = CAST(OLD.deployed AS TEXT);
END;

CREATE TRIGGER wallets_count_update_custody AFTER UPDATE OF custody ON wallets WHEN OLD.custody IS NOT NEW.custody BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'custody' AND value = CAST(OLD.custody AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'custody', CAST(NEW.custody AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER wallets_count_update_deployed AFTER UPDATE OF deployed ON wallets WHEN OLD.deployed IS NOT NEW.deployed BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'deployed' AND value = CAST(OLD.deployed AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'deployed', CAST(NEW.deployed AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- Wallets that exist already.
INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
  SELECT project_id, mode, 'wallets', 'custody', CAST(custody AS TEXT), COUNT(*) FROM wallets GROUP BY project_id, mode, custody;
INSERT INTO row_counts (project_id, mode, tbl, field, value, n)
  SELECT project_id, mode, 'wallets', 'deployed', CAST(deployed AS TEXT), COUNT(*) FROM wallets GROUP BY project_id, mode, deployed;
