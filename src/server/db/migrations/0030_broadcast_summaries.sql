CREATE TABLE "broadcast_failure_counts" (
	"organization_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"error_code" integer,
	"error_message" text,
	"count" integer NOT NULL,
	CONSTRAINT "broadcast_failure_counts_key" UNIQUE NULLS NOT DISTINCT("organization_id","broadcast_id","error_code","error_message")
);
--> statement-breakpoint
CREATE TABLE "broadcast_summaries" (
	"organization_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"attempted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"response_seconds" double precision DEFAULT 0 NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"engaged" integer DEFAULT 0 NOT NULL,
	"reconciled_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "broadcast_summaries_organization_id_broadcast_id_pk" PRIMARY KEY("organization_id","broadcast_id")
);
--> statement-breakpoint
CREATE TABLE "broadcast_summary_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "broadcast_summary_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_summary_entries" (
	"recipient_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"pending" smallint NOT NULL,
	"attempted" smallint NOT NULL,
	"sent" smallint NOT NULL,
	"failed" smallint NOT NULL,
	"unknown" smallint NOT NULL,
	"delivered" smallint NOT NULL,
	"read" smallint NOT NULL,
	"replied" smallint NOT NULL,
	"response_seconds" double precision NOT NULL,
	"clicked" smallint NOT NULL,
	"clicks" integer NOT NULL,
	"engaged" smallint NOT NULL,
	"error_code" integer,
	"error_message" text
);
--> statement-breakpoint
DROP INDEX "button_clicks_broadcast_idx";--> statement-breakpoint
ALTER TABLE "broadcast_failure_counts" ADD CONSTRAINT "broadcast_failure_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_summaries" ADD CONSTRAINT "broadcast_summaries_organization_id_broadcast_id_broadcasts_organization_id_id_fk" FOREIGN KEY ("organization_id","broadcast_id") REFERENCES "public"."broadcasts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_summary_entries" ADD CONSTRAINT "broadcast_summary_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_summary_changes_broadcast_idx" ON "broadcast_summary_changes" USING btree ("organization_id","broadcast_id");--> statement-breakpoint
CREATE INDEX "broadcast_summary_entries_broadcast_idx" ON "broadcast_summary_entries" USING btree ("organization_id","broadcast_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_broadcast_idx" ON "messages" USING btree ("conversation_id","seq") WHERE "messages"."broadcast_id" is not null;--> statement-breakpoint
CREATE INDEX "button_clicks_broadcast_idx" ON "button_clicks" USING btree ("organization_id","broadcast_id","contact_id");--> statement-breakpoint
-- Backfill: what every existing recipient adds to its broadcast's figures (the same rules as a full recount), then each broadcast's summary and failure counts from them.
INSERT INTO "broadcast_summary_entries" ("recipient_id", "organization_id", "broadcast_id", "pending", "attempted", "sent", "failed", "unknown", "delivered", "read", "replied", "response_seconds", "clicked", "clicks", "engaged", "error_code", "error_message")
SELECT r.id, r.organization_id, r.broadcast_id,
  (r.state in ('pending', 'sending'))::int, (r.state in ('sending', 'sent', 'failed', 'ambiguous'))::int, (r.state = 'sent')::int,
  (r.state = 'failed')::int, (r.state = 'ambiguous')::int,
  coalesce(m.status in ('delivered', 'read') or m.delivered_at is not null, false)::int,
  coalesce(m.status = 'read' or m.read_at is not null, false)::int,
  (x.replied_at is not null)::int,
  coalesce(greatest(0, extract(epoch from x.replied_at - m.sent_at))::float8, 0),
  (cl.n > 0)::int, cl.n, (cl.n > 0 or x.replied_at is not null)::int,
  case when r.state = 'failed' then r.error_code end, case when r.state = 'failed' then r.error_message end
FROM "broadcast_recipients" r
LEFT JOIN "messages" m ON m.organization_id = r.organization_id AND m.id = r.message_id
CROSS JOIN LATERAL (
  SELECT count(*)::int AS n FROM "button_clicks" c
  WHERE c.organization_id = r.organization_id AND c.broadcast_id = r.broadcast_id AND c.contact_id = r.contact_id
) cl
LEFT JOIN LATERAL (
  SELECT min(i.sent_at) AS replied_at FROM "messages" i
  WHERE i.conversation_id = m.conversation_id AND i.organization_id = m.organization_id
    AND i.seq > m.seq AND i.sent_at >= date_trunc('second', m.sent_at)
    AND i.direction = 'inbound' AND i.message_type NOT IN ('button', 'reaction')
    AND i.seq < coalesce((
      SELECT min(n.seq) FROM "messages" n
      WHERE n.conversation_id = m.conversation_id AND n.seq > m.seq AND n.broadcast_id IS NOT NULL
    ), 9223372036854775807)
) x ON true;
--> statement-breakpoint
INSERT INTO "broadcast_summaries" ("organization_id", "broadcast_id", "total", "pending", "attempted", "sent", "failed", "unknown", "delivered", "read", "replied", "response_seconds", "clicked", "clicks", "engaged", "reconciled_at")
SELECT b.organization_id, b.id, count(e.recipient_id)::int,
  coalesce(sum(e.pending), 0)::int, coalesce(sum(e.attempted), 0)::int, coalesce(sum(e.sent), 0)::int, coalesce(sum(e.failed), 0)::int,
  coalesce(sum(e.unknown), 0)::int, coalesce(sum(e.delivered), 0)::int, coalesce(sum(e.read), 0)::int, coalesce(sum(e.replied), 0)::int,
  coalesce(sum(e.response_seconds), 0), coalesce(sum(e.clicked), 0)::int, coalesce(sum(e.clicks), 0)::int, coalesce(sum(e.engaged), 0)::int, now()
FROM "broadcasts" b
LEFT JOIN "broadcast_summary_entries" e ON e.organization_id = b.organization_id AND e.broadcast_id = b.id
GROUP BY b.organization_id, b.id;
--> statement-breakpoint
INSERT INTO "broadcast_failure_counts" ("organization_id", "broadcast_id", "error_code", "error_message", "count")
SELECT organization_id, broadcast_id, error_code, error_message, count(*)::int
FROM "broadcast_summary_entries" WHERE failed = 1
GROUP BY organization_id, broadcast_id, error_code, error_message;
