-- A cancellation scheduled before issue 24 left the account 'active': Cancelled now means renewal has
-- stopped, so those accounts say so (a suspension stays staff's).
UPDATE "customers" SET "status" = 'cancelled', "updated_at" = now()
FROM "subscriptions"
WHERE "subscriptions"."customer_id" = "customers"."id"
  AND "subscriptions"."cancel_at_period_end" = true
  AND "subscriptions"."status" <> 'canceled'
  AND "customers"."status" <> 'suspended';
