CREATE TABLE "conversation_period_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_periods" (
	"organization_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"opening_sort_key" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"responder_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolver_id" uuid,
	CONSTRAINT "conversation_periods_conversation_id_opening_sort_key_pk" PRIMARY KEY("conversation_id","opening_sort_key")
);
--> statement-breakpoint
CREATE TABLE "report_message_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"quarter" bigint NOT NULL,
	"direction" text NOT NULL,
	"messages" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_periods" ADD CONSTRAINT "conversation_periods_organization_id_conversation_id_conversations_organization_id_id_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversations"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_period_changes_conversation_idx" ON "conversation_period_changes" USING btree ("organization_id","conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_periods_org_opened_idx" ON "conversation_periods" USING btree ("organization_id","opened_at");--> statement-breakpoint
CREATE INDEX "report_message_counts_org_quarter_idx" ON "report_message_counts" USING btree ("organization_id","quarter","direction");--> statement-breakpoint
CREATE INDEX "report_message_counts_unfolded_idx" ON "report_message_counts" USING btree ("id") WHERE not "report_message_counts"."folded";--> statement-breakpoint
-- The reports' rollups are kept by triggers, so every writer keeps them in the statement that writes.
-- Messages counted: in and out, thread notes aside. Conversations noted: those where a customer message
-- or a member's reply (no note, broadcast or automation) was stored, moved or removed; a resolve
-- recorded or removed. Inserts and deletes are handled per statement (one row per key, however many
-- messages a statement writes).
CREATE FUNCTION parley_report_messages_written() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_message_counts (organization_id, quarter, direction, messages)
    SELECT organization_id, floor(extract(epoch from sent_at) / 900)::bigint, direction, count(*)
    FROM written_messages WHERE message_type <> 'note' GROUP BY 1, 2, 3;
    INSERT INTO conversation_period_changes (organization_id, conversation_id)
    SELECT DISTINCT organization_id, conversation_id FROM written_messages
    WHERE direction = 'inbound' OR (message_type <> 'note' AND sender_user_id IS NOT NULL AND broadcast_id IS NULL);
  ELSE
    INSERT INTO report_message_counts (organization_id, quarter, direction, messages)
    SELECT organization_id, floor(extract(epoch from sent_at) / 900)::bigint, direction, -count(*)
    FROM removed_messages WHERE message_type <> 'note' GROUP BY 1, 2, 3;
    INSERT INTO conversation_period_changes (organization_id, conversation_id)
    SELECT DISTINCT organization_id, conversation_id FROM removed_messages
    WHERE direction = 'inbound' OR (message_type <> 'note' AND sender_user_id IS NOT NULL AND broadcast_id IS NULL);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER messages_report_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS written_messages
  FOR EACH STATEMENT EXECUTE FUNCTION parley_report_messages_written();
--> statement-breakpoint
CREATE TRIGGER messages_report_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS removed_messages
  FOR EACH STATEMENT EXECUTE FUNCTION parley_report_messages_written();
--> statement-breakpoint
-- A message changed in what the reports read (rare: its times, its kind, its sender): out of its old key,
-- into its new one, and both conversations noted.
CREATE FUNCTION parley_report_message_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_message_counts (organization_id, quarter, direction, messages)
  SELECT v.organization_id, floor(extract(epoch from v.sent_at) / 900)::bigint, v.direction, v.delta
  FROM (VALUES (OLD.organization_id, OLD.sent_at, OLD.direction, OLD.message_type, -1), (NEW.organization_id, NEW.sent_at, NEW.direction, NEW.message_type, 1))
    AS v(organization_id, sent_at, direction, message_type, delta)
  WHERE v.message_type <> 'note';
  INSERT INTO conversation_period_changes (organization_id, conversation_id)
  SELECT DISTINCT v.organization_id, v.conversation_id
  FROM (VALUES (OLD.organization_id, OLD.conversation_id), (NEW.organization_id, NEW.conversation_id)) AS v(organization_id, conversation_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER messages_report_update AFTER UPDATE ON messages FOR EACH ROW
  WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.conversation_id IS DISTINCT FROM NEW.conversation_id
    OR OLD.direction IS DISTINCT FROM NEW.direction OR OLD.message_type IS DISTINCT FROM NEW.message_type
    OR OLD.sent_at IS DISTINCT FROM NEW.sent_at OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.sender_user_id IS DISTINCT FROM NEW.sender_user_id OR OLD.broadcast_id IS DISTINCT FROM NEW.broadcast_id)
  EXECUTE FUNCTION parley_report_message_changed();
--> statement-breakpoint
CREATE FUNCTION parley_report_events_written() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conversation_period_changes (organization_id, conversation_id)
    SELECT DISTINCT organization_id, conversation_id FROM written_events WHERE kind = 'resolved';
  ELSE
    INSERT INTO conversation_period_changes (organization_id, conversation_id)
    SELECT DISTINCT organization_id, conversation_id FROM removed_events WHERE kind = 'resolved';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER conversation_events_report_insert AFTER INSERT ON conversation_events REFERENCING NEW TABLE AS written_events
  FOR EACH STATEMENT EXECUTE FUNCTION parley_report_events_written();
--> statement-breakpoint
CREATE TRIGGER conversation_events_report_delete AFTER DELETE ON conversation_events REFERENCING OLD TABLE AS removed_events
  FOR EACH STATEMENT EXECUTE FUNCTION parley_report_events_written();
--> statement-breakpoint
-- The backfill: existing messages counted; every conversation noted, so the fold computes its periods
-- (readers compute a noted conversation's periods themselves until then).
INSERT INTO report_message_counts (organization_id, quarter, direction, messages, folded)
SELECT organization_id, floor(extract(epoch from sent_at) / 900)::bigint, direction, count(*), true
FROM messages WHERE message_type <> 'note' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO conversation_period_changes (organization_id, conversation_id)
SELECT organization_id, id FROM conversations;
