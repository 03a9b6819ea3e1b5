CREATE TABLE "contact_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_count_deltas" ADD CONSTRAINT "contact_count_deltas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_count_deltas_org_idx" ON "contact_count_deltas" USING btree ("organization_id");