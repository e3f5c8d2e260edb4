ALTER TABLE "support_tickets" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "visitor_name" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "visitor_email" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_requester" CHECK ("support_tickets"."customer_id" is not null or ("support_tickets"."visitor_email" is not null and "support_tickets"."visitor_name" is not null));