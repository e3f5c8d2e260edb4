-- A person's successful sign-ins by address (issue 27; docs/email.md "New sign-in"): the new-browser
-- check at each sign-in asks whether any earlier one exists and whether one came from the same address
-- and browser, and each question stops at the first row of this index. It counted every earlier sign-in
-- of the person before, a cost that grew with each one.
CREATE INDEX "audit_logs_sign_in_actor_idx" ON "audit_logs" USING btree ("actor_id","ip_address") WHERE "audit_logs"."action" = 'login' and "audit_logs"."resource_type" = 'authentication' and "audit_logs"."success" = true;