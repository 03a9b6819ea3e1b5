CREATE TABLE "canned_responses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"shortcut" text NOT NULL,
	"content" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_responses_org_shortcut_key" ON "canned_responses" USING btree ("organization_id",lower("shortcut"));--> statement-breakpoint
-- canned_responses:manage joins the permission catalogue and the Admin and Manager system roles of new
-- organizations (src/shared/permissions/system-roles.ts); the organizations that already exist get it
-- on those same two roles here. System roles cannot be renamed or edited, so their names find them.
INSERT INTO "role_permissions" ("organization_id", "role_id", "permission")
SELECT r."organization_id", r."id", 'canned_responses:manage' FROM "roles" r
WHERE r."is_system_role" AND r."name" IN ('Admin', 'Manager')
ON CONFLICT DO NOTHING;
