CREATE TABLE "organization_setting_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization_setting_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"changed_by_user_id" uuid,
	"setting" text NOT NULL,
	"old_value" jsonb NOT NULL,
	"new_value" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"read_receipts_enabled" boolean DEFAULT true NOT NULL,
	"auto_assign_enabled" boolean DEFAULT false NOT NULL,
	"auto_assign_cap" integer DEFAULT 10 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_settings_auto_assign_cap_range" CHECK ("organization_settings"."auto_assign_cap" between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_receipt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organization_setting_changes" ADD CONSTRAINT "organization_setting_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_setting_changes" ADD CONSTRAINT "organization_setting_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_setting_changes_org_time_idx" ON "organization_setting_changes" USING btree ("organization_id","changed_at" desc,"id" desc);