-- Row counters so lists can answer `total` without counting millions of rows: one row per project, mode, table and
-- (field, value) for the low-cardinality filters, plus ('', '') for the whole table. Kept exact by triggers.
-- Decrements are plain UPDATEs, so a project's cascade delete never re-inserts counters.

CREATE TABLE row_counts (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  mode TEXT NOT NULL,
  tbl TEXT NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (project_id, mode, tbl, field, value)
) WITHOUT ROWID;

CREATE TRIGGER transactions_count_insert AFTER INSERT ON transactions BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'status', CAST(NEW.status AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER transactions_count_delete AFTER DELETE ON transactions BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'status' AND value = CAST(OLD.status AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
END;

CREATE TRIGGER transactions_count_update_status AFTER UPDATE OF status ON transactions WHEN OLD.status IS NOT NEW.status BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'status' AND value = CAST(OLD.status AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'status', CAST(NEW.status AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER transactions_count_update_chain_id AFTER UPDATE OF chain_id ON transactions WHEN OLD.chain_id IS NOT NEW.chain_id BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'transactions' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'transactions', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER wallets_count_insert AFTER INSERT ON wallets BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'accountType', CAST(NEW.account_type AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER wallets_count_delete AFTER DELETE ON wallets BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'accountType' AND value = CAST(OLD.account_type AS TEXT);
END;

CREATE TRIGGER wallets_count_update_chain_id AFTER UPDATE OF chain_id ON wallets WHEN OLD.chain_id IS NOT NEW.chain_id BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'chainId' AND value = CAST(OLD.chain_id AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'chainId', CAST(NEW.chain_id AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER wallets_count_update_account_type AFTER UPDATE OF account_type ON wallets WHEN OLD.account_type IS NOT NEW.account_type BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'wallets' AND field = 'accountType' AND value = CAST(OLD.account_type AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'wallets', 'accountType', CAST(NEW.account_type AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER users_count_insert AFTER INSERT ON users BEGIN
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', '', '', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', 'authenticated', CAST(NEW.authenticated AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER users_count_delete AFTER DELETE ON users BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = '' AND value = '';
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = 'authenticated' AND value = CAST(OLD.authenticated AS TEXT);
END;

CREATE TRIGGER users_count_update_authenticated AFTER UPDATE OF authenticated ON users WHEN OLD.authenticated IS NOT NEW.authenticated BEGIN
  UPDATE row_counts SET n = n - 1 WHERE project_id = OLD.project_id AND mode = OLD.mode AND tbl = 'users' AND field = 'authenticated' AND value = CAST(OLD.authenticated AS TEXT);
  INSERT INTO row_counts VALUES (NEW.project_id, NEW.mode, 'users', 'authenticated', CAST(NEW.authenticated AS TEXT), 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
