-- The team inbox: a per-message change counter for the poll, list indexes by latest activity, and
-- assignees that must be members of the conversation's organization.

-- Every message's latest change takes the conversation counter's next value; until now a message
-- only ever changed at its insert, so its change is its seq.
ALTER TABLE "messages" ADD COLUMN "change_seq" bigint;--> statement-breakpoint
UPDATE "messages" SET "change_seq" = "seq";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "change_seq" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_conversation_change_idx" ON "messages" USING btree ("conversation_id","change_seq");--> statement-breakpoint

-- An assignee is a member of the organization: removing the member unassigns their conversations
-- (SET NULL of the assignee column only; organization_id stays).
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_user_key" UNIQUE("organization_id","user_id");--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_assigned_to_user_id_users_id_fk";--> statement-breakpoint
UPDATE "conversations" AS c SET "assigned_to_user_id" = NULL
WHERE c."assigned_to_user_id" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "memberships" m WHERE m."organization_id" = c."organization_id" AND m."user_id" = c."assigned_to_user_id"
);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_member_fk" FOREIGN KEY ("organization_id","assigned_to_user_id") REFERENCES "public"."memberships"("organization_id","user_id") ON DELETE SET NULL ("assigned_to_user_id") ON UPDATE no action;--> statement-breakpoint

-- The inbox's lists, newest activity first: the organization's, by status, by assignee (mine,
-- unassigned) and by assignee and status. Each serves its list's order, so a page never sorts.
DROP INDEX "conversations_org_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_org_status_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_org_assignee_idx";--> statement-breakpoint
CREATE INDEX "conversations_org_activity_idx" ON "conversations" USING btree ("organization_id",coalesce("last_message_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "conversations_org_status_activity_idx" ON "conversations" USING btree ("organization_id","status",coalesce("last_message_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "conversations_org_assignee_activity_idx" ON "conversations" USING btree ("organization_id","assigned_to_user_id",coalesce("last_message_at", "created_at") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "conversations_org_assignee_status_activity_idx" ON "conversations" USING btree ("organization_id","assigned_to_user_id","status",coalesce("last_message_at", "created_at") desc,"id" desc);
