-- The customers screen filtered by status and risk together and sorted by health (docs/performance.md):
-- one index serves the page walk and the count.
CREATE INDEX "customers_status_risk_idx" ON "customers" USING btree ("status","risk_level","health_score","id");