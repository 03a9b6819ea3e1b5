DROP INDEX "webhook_events_pending_idx";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "priority" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "download_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "next_download_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "download_error" text;--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone_e164" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "webhook_events_due_idx" ON "webhook_events" USING btree ("priority","next_attempt_at") WHERE "webhook_events"."processed_at" is null and "webhook_events"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "media_files_download_due_idx" ON "media_files" USING btree ("next_download_at") WHERE "media_files"."storage_key" is null and "media_files"."meta_media_id" is not null;