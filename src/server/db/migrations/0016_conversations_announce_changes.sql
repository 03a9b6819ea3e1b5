-- Every change to a conversation is announced on the parley_nudges channel, for the members' live
-- streams (GET /api/events). A trigger catches every writer (webhooks, sends, broadcasts, the inbox)
-- and NOTIFY is delivered only when the transaction commits, to every process listening. The payload
-- carries what the streams need to decide who may hear of it (organization, assignee, the previous
-- assignee), never content; keys are short because a payload is limited to 8000 bytes.
CREATE FUNCTION parley_conversation_nudge() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('parley_nudges', json_build_object(
    'o', NEW.organization_id,
    'c', NEW.id,
    's', NEW.last_seq,
    'a', NEW.assigned_to_user_id,
    'p', CASE WHEN TG_OP = 'UPDATE' THEN OLD.assigned_to_user_id END,
    'k', CASE
      WHEN TG_OP = 'INSERT' THEN 'conversation'
      WHEN NEW.assigned_to_user_id IS DISTINCT FROM OLD.assigned_to_user_id THEN 'assignment'
      WHEN NEW.last_message_at IS DISTINCT FROM OLD.last_message_at THEN 'message'
      WHEN NEW.last_seq <> OLD.last_seq THEN 'status'
      ELSE 'conversation'
    END
  )::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER conversations_nudge_insert AFTER INSERT ON conversations
  FOR EACH ROW EXECUTE FUNCTION parley_conversation_nudge();
--> statement-breakpoint
-- An update that changes nothing (a repeated status, a re-read) announces nothing.
CREATE TRIGGER conversations_nudge_update AFTER UPDATE ON conversations
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION parley_conversation_nudge();
