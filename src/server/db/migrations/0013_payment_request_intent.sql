-- A payment request keeps its checkout intent (issue 12): a checkout opened again, after the provider's 24-hour
-- idempotency window too, offers the same intent, so the request cannot be paid twice.
ALTER TABLE "payment_requests" ADD COLUMN "intent_ref" text;