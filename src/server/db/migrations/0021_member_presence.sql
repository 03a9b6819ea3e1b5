CREATE TABLE "member_presence" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"last_stream_seen_at" timestamp with time zone,
	"last_auto_assigned_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_presence_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id"),
	CONSTRAINT "member_presence_availability" CHECK ("member_presence"."availability" in ('available', 'away'))
);
--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_organization_id_user_id_memberships_organization_id_user_id_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;