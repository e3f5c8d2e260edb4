-- Support figures kept by a trigger (issue 27, docs/support.md "Analytics at scale"), so the analytics and
-- the ticket list's count read a few hundred rows instead of every ticket: tickets per category, status,
-- priority and assignee with the sums behind the average first-response and resolution times; tickets per
-- day, hour and minute of first-response and resolution time (where the median is); open tickets per hour
-- opened. The two expression indexes read the exact median inside the minute that holds it.
CREATE TABLE "support_open_ticket_hours" (
	"hour" integer PRIMARY KEY NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_ticket_duration_buckets" (
	"measure" text NOT NULL,
	"width" integer NOT NULL,
	"bucket" integer NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "support_ticket_duration_buckets_measure_width_bucket_pk" PRIMARY KEY("measure","width","bucket")
);
--> statement-breakpoint
CREATE TABLE "support_ticket_totals" (
	"category" text NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"assignee" text NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"response_seconds" numeric DEFAULT '0' NOT NULL,
	"resolved" integer DEFAULT 0 NOT NULL,
	"resolution_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "support_ticket_totals_category_status_priority_assignee_pk" PRIMARY KEY("category","status","priority","assignee")
);
--> statement-breakpoint
CREATE INDEX "support_tickets_response_seconds_idx" ON "support_tickets" USING btree (extract(epoch from ("first_response_at" - "created_at"))) WHERE "support_tickets"."first_response_at" is not null;--> statement-breakpoint
CREATE INDEX "support_tickets_resolution_seconds_idx" ON "support_tickets" USING btree (extract(epoch from ("resolved_at" - "created_at"))) WHERE "support_tickets"."resolved_at" is not null;--> statement-breakpoint
-- One ticket's part of the figures: a row to take out (sign -1, the old row) and one to put in (sign 1,
-- the new row). The side a trigger does not have (OLD on insert, NEW on delete) is null: no row.
CREATE FUNCTION support_ticket_parts(old_row support_tickets, new_row support_tickets)
RETURNS TABLE (sign integer, category text, status text, priority text, assignee text,
               created_at timestamptz, first_response_at timestamptz, resolved_at timestamptz)
LANGUAGE sql IMMUTABLE AS $$
  SELECT -1, (old_row).category, (old_row).status, (old_row).priority,
         coalesce((old_row).assigned_to_staff_id::text, ''),
         (old_row).created_at, (old_row).first_response_at, (old_row).resolved_at
   WHERE (old_row).id IS NOT NULL
  UNION ALL
  SELECT 1, (new_row).category, (new_row).status, (new_row).priority,
         coalesce((new_row).assigned_to_staff_id::text, ''),
         (new_row).created_at, (new_row).first_response_at, (new_row).resolved_at
   WHERE (new_row).id IS NOT NULL
$$;--> statement-breakpoint
-- Moves a ticket's part out of the figures (old row) and into them (new row). Each table's changes are
-- merged by key and written in key order, and the tables always in this order, so two tickets'
-- transactions take the rows they share in the same order and never wait for each other in a circle.
CREATE FUNCTION support_ticket_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (OLD.category, OLD.status, OLD.priority, OLD.assigned_to_staff_id, OLD.created_at,
          OLD.first_response_at, OLD.resolved_at)
         IS NOT DISTINCT FROM
         (NEW.category, NEW.status, NEW.priority, NEW.assigned_to_staff_id, NEW.created_at,
          NEW.first_response_at, NEW.resolved_at) THEN
    RETURN NULL;
  END IF;
  INSERT INTO support_ticket_totals AS t (category, status, priority, assignee, tickets, responded,
                                          response_seconds, resolved, resolution_seconds)
  SELECT p.category, p.status, p.priority, p.assignee, sum(p.sign),
         coalesce(sum(p.sign) FILTER (WHERE p.first_response_at IS NOT NULL), 0),
         coalesce(sum(p.sign * extract(epoch from (p.first_response_at - p.created_at))), 0),
         coalesce(sum(p.sign) FILTER (WHERE p.resolved_at IS NOT NULL), 0),
         coalesce(sum(p.sign * extract(epoch from (p.resolved_at - p.created_at))), 0)
    FROM support_ticket_parts(OLD, NEW) p
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (category, status, priority, assignee) DO UPDATE
    SET tickets = t.tickets + excluded.tickets, responded = t.responded + excluded.responded,
        response_seconds = t.response_seconds + excluded.response_seconds,
        resolved = t.resolved + excluded.resolved,
        resolution_seconds = t.resolution_seconds + excluded.resolution_seconds;
  INSERT INTO support_ticket_duration_buckets AS t (measure, width, bucket, tickets)
  SELECT m.measure, w.width, floor(m.seconds / w.width)::integer, sum(p.sign)
    FROM support_ticket_parts(OLD, NEW) p
   CROSS JOIN LATERAL (VALUES ('first_response', extract(epoch from (p.first_response_at - p.created_at))),
                              ('resolution', extract(epoch from (p.resolved_at - p.created_at)))) m (measure, seconds)
   CROSS JOIN (VALUES (86400), (3600), (60)) w (width)
   WHERE m.seconds IS NOT NULL
   GROUP BY 1, 2, 3 HAVING sum(p.sign) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (measure, width, bucket) DO UPDATE SET tickets = t.tickets + excluded.tickets;
  INSERT INTO support_open_ticket_hours AS t (hour, tickets)
  SELECT floor(extract(epoch from p.created_at) / 3600)::integer, sum(p.sign)
    FROM support_ticket_parts(OLD, NEW) p
   WHERE p.status IN ('open', 'in_progress')
   GROUP BY 1 HAVING sum(p.sign) <> 0 ORDER BY 1
  ON CONFLICT (hour) DO UPDATE SET tickets = t.tickets + excluded.tickets;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER support_ticket_figures
  AFTER INSERT OR DELETE OR UPDATE OF category, status, priority, assigned_to_staff_id, created_at,
    first_response_at, resolved_at
  ON support_tickets FOR EACH ROW EXECUTE FUNCTION support_ticket_figures();--> statement-breakpoint
-- The figures computed again from every ticket: the backfill below, and after a bulk load that wrote
-- tickets with triggers off (bench/seed-lists.ts). Ticket writers wait while it runs; readers do not.
CREATE FUNCTION support_ticket_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE support_tickets IN SHARE MODE;
  DELETE FROM support_ticket_totals;
  DELETE FROM support_ticket_duration_buckets;
  DELETE FROM support_open_ticket_hours;
  INSERT INTO support_ticket_totals (category, status, priority, assignee, tickets, responded,
                                     response_seconds, resolved, resolution_seconds)
  SELECT category, status, priority, coalesce(assigned_to_staff_id::text, ''), count(*),
         count(first_response_at), coalesce(sum(extract(epoch from (first_response_at - created_at))), 0),
         count(resolved_at), coalesce(sum(extract(epoch from (resolved_at - created_at))), 0)
    FROM support_tickets GROUP BY 1, 2, 3, 4;
  INSERT INTO support_ticket_duration_buckets (measure, width, bucket, tickets)
  SELECT m.measure, w.width, floor(m.seconds / w.width)::integer, count(*)
    FROM support_tickets s
   CROSS JOIN LATERAL (VALUES ('first_response', extract(epoch from (s.first_response_at - s.created_at))),
                              ('resolution', extract(epoch from (s.resolved_at - s.created_at)))) m (measure, seconds)
   CROSS JOIN (VALUES (86400), (3600), (60)) w (width)
   WHERE m.seconds IS NOT NULL
   GROUP BY 1, 2, 3;
  INSERT INTO support_open_ticket_hours (hour, tickets)
  SELECT floor(extract(epoch from created_at) / 3600)::integer, count(*)
    FROM support_tickets WHERE status IN ('open', 'in_progress') GROUP BY 1;
END $$;--> statement-breakpoint
SELECT support_ticket_figures_rebuild();