CREATE TABLE "conversation_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_organization_id_conversation_id_conversations_organization_id_id_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_events_org_kind_time_idx" ON "conversation_events" USING btree ("organization_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "conversation_events_conversation_time_idx" ON "conversation_events" USING btree ("conversation_id","kind","occurred_at");--> statement-breakpoint
CREATE INDEX "messages_org_direction_sent_idx" ON "messages" USING btree ("organization_id","direction","sent_at") WHERE "messages"."message_type" <> 'note';--> statement-breakpoint
-- Every resolve and every assignment is recorded by a trigger, so each writer (the inbox, auto-assignment,
-- the seed, any later one) records it in the statement that makes it. A resolve names the assignee who
-- held the conversation then (the one clearing the assignee in the same statement still held it).
CREATE FUNCTION parley_conversation_events() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'resolved' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'resolved') THEN
    INSERT INTO conversation_events (id, organization_id, conversation_id, kind, user_id)
    VALUES (gen_random_uuid(), NEW.organization_id, NEW.id, 'resolved',
      CASE WHEN TG_OP = 'UPDATE' THEN coalesce(NEW.assigned_to_user_id, OLD.assigned_to_user_id) ELSE NEW.assigned_to_user_id END);
  END IF;
  IF NEW.assigned_to_user_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.assigned_to_user_id IS DISTINCT FROM OLD.assigned_to_user_id) THEN
    INSERT INTO conversation_events (id, organization_id, conversation_id, kind, user_id)
    VALUES (gen_random_uuid(), NEW.organization_id, NEW.id, 'assigned', NEW.assigned_to_user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER conversations_events_insert AFTER INSERT ON conversations
  FOR EACH ROW EXECUTE FUNCTION parley_conversation_events();
--> statement-breakpoint
CREATE TRIGGER conversations_events_update AFTER UPDATE OF status, assigned_to_user_id ON conversations
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.assigned_to_user_id IS DISTINCT FROM NEW.assigned_to_user_id)
  EXECUTE FUNCTION parley_conversation_events();
--> statement-breakpoint
-- Conversations resolved or assigned before this migration: their latest change is the best time the rows know.
INSERT INTO conversation_events (id, organization_id, conversation_id, kind, user_id, occurred_at)
SELECT gen_random_uuid(), organization_id, id, 'resolved', assigned_to_user_id, updated_at FROM conversations WHERE status = 'resolved';
--> statement-breakpoint
INSERT INTO conversation_events (id, organization_id, conversation_id, kind, user_id, occurred_at)
SELECT gen_random_uuid(), organization_id, id, 'assigned', assigned_to_user_id, updated_at FROM conversations
WHERE assigned_to_user_id IS NOT NULL;
