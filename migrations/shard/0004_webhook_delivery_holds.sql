-- How many times an attempt was held because our DNS lookup failed (docs/api.md "Webhook delivery"): each hold waits
-- twice as long as the one before (1, 2, 4, 8, 16 min, then every 30 min), so an outage of the resolver is not
-- asked again every minute for every waiting attempt. A new attempt starts at 0.
ALTER TABLE webhook_deliveries ADD COLUMN holds INTEGER NOT NULL DEFAULT 0;
