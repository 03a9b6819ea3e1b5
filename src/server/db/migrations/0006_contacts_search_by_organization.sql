DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_org_name_trgm_idx" ON "contacts" USING gin ("organization_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_org_phone_trgm_idx" ON "contacts" USING gin ("organization_id","phone_e164" gin_trgm_ops);