ALTER TABLE "contacts" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opt_out_source" text;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD COLUMN "opt_out_keywords" text[] DEFAULT '{}'::text[] NOT NULL;