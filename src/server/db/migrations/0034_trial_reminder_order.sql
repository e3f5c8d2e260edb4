-- The email automation's trial reminders at 100,000 customers (issue 27, docs/performance.md "Seventh
-- pass"). Each minute the reminders' search reads the trials ending within the week in pieces of 500, in
-- end order; this index is that order, so a piece walks 500 entries instead of every trial.
CREATE INDEX "subscriptions_trial_end_idx" ON "subscriptions" USING btree ("trial_ends_at","customer_id") WHERE "subscriptions"."status" = 'trialing';