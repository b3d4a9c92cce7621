-- Invoices of a project's plan, as the payment provider issued them (docs/api.md "Billing"). Written by the demo seed
-- today and by the payment provider's webhook later; `GET /projects/{projectId}/billing` answers the newest 24.
-- Amounts are in US cents (integers: no rounding drift); periods are [start, end) in milliseconds, UTC.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  number TEXT NOT NULL,
  period_start INTEGER NOT NULL,
  period_end INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'void', 'uncollectible')),
  issued_at INTEGER NOT NULL
);
CREATE INDEX invoices_project_period ON invoices (project_id, period_start, id);

