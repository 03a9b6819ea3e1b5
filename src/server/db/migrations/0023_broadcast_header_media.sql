ALTER TABLE "broadcasts" ADD COLUMN "header_media_id" uuid;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "header_link" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "header_meta_media_id" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "header_meta_uploaded_at" timestamp with time zone;