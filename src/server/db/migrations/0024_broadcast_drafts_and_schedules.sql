ALTER TABLE "broadcasts" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "broadcasts_scheduled_due_idx" ON "broadcasts" USING btree ("scheduled_at") WHERE "broadcasts"."status" = 'scheduled';--> statement-breakpoint
-- Existing broadcasts get the default name: the template's name and the day they were created, in the organization's zone.
UPDATE "broadcasts" b SET "name" = b."template_name" || ' ' || to_char(
  b."created_at" AT TIME ZONE coalesce((SELECT s."time_zone" FROM "organization_settings" s WHERE s."organization_id" = b."organization_id"), 'UTC'),
  'YYYY-MM-DD'
);--> statement-breakpoint
-- broadcasts:create no longer sends: every role that could send keeps sending.
INSERT INTO "role_permissions" ("organization_id", "role_id", "permission")
SELECT "organization_id", "role_id", 'broadcasts:send' FROM "role_permissions" WHERE "permission" = 'broadcasts:create'
ON CONFLICT DO NOTHING;
