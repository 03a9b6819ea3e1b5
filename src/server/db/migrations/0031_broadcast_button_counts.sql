CREATE TABLE "broadcast_button_counts" (
	"organization_id" uuid NOT NULL,
	"broadcast_id" uuid NOT NULL,
	"button_text" text NOT NULL,
	"clicks" integer NOT NULL,
	"clickers" integer NOT NULL,
	CONSTRAINT "broadcast_button_counts_organization_id_broadcast_id_button_text_pk" PRIMARY KEY("organization_id","broadcast_id","button_text")
);
--> statement-breakpoint
ALTER TABLE "broadcast_summary_entries" ADD COLUMN "presses" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_button_counts" ADD CONSTRAINT "broadcast_button_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "button_clicks_assigned_idx" ON "button_clicks" USING btree ("organization_id","broadcast_id") WHERE "button_clicks"."assigned_to_user_id" is not null;--> statement-breakpoint
-- Backfill: each recipient's presses per button, and each broadcast's presses and distinct pressers per button.
UPDATE "broadcast_summary_entries" e SET "presses" = p.presses
FROM (
  SELECT r.id AS recipient_id, jsonb_object_agg(b.button_text, b.n) AS presses
  FROM "broadcast_recipients" r
  JOIN (
    SELECT organization_id, broadcast_id, contact_id, button_text, count(*)::int AS n FROM "button_clicks"
    GROUP BY organization_id, broadcast_id, contact_id, button_text
  ) b ON b.organization_id = r.organization_id AND b.broadcast_id = r.broadcast_id AND b.contact_id = r.contact_id
  GROUP BY r.id
) p
WHERE e.recipient_id = p.recipient_id;
--> statement-breakpoint
INSERT INTO "broadcast_button_counts" ("organization_id", "broadcast_id", "button_text", "clicks", "clickers")
SELECT organization_id, broadcast_id, button_text, count(*)::int, count(DISTINCT contact_id)::int
FROM "button_clicks"
GROUP BY organization_id, broadcast_id, button_text;
