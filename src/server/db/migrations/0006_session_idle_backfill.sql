-- Sessions opened before idle timeouts existed (0005) get the timeout they would have today: staff
-- the default 30 minutes, customers their account's portal setting (one hour by default).
UPDATE "sessions" SET "idle_timeout_seconds" = 1800
  WHERE "kind" = 'staff' AND "idle_timeout_seconds" IS NULL;--> statement-breakpoint
UPDATE "sessions" s SET "idle_timeout_seconds" = CASE coalesce(cs."settings"->>'sessionTimeout', '1hour')
    WHEN '30minutes' THEN 1800 WHEN '2hours' THEN 7200 WHEN '4hours' THEN 14400 ELSE 3600 END
  FROM "customers" c LEFT JOIN "customer_settings" cs ON cs."customer_id" = c."id"
  WHERE s."kind" = 'customer' AND s."customer_id" = c."id" AND s."idle_timeout_seconds" IS NULL;
