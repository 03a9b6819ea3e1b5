-- Broadcast dispatch: a shared send pace per phone number, the template a broadcast sends, recipient
-- send details, add_tag rules, and button presses keyed by the press (nothing wrote button_clicks before).
-- dispatch_attempts: each claimed batch's send watermark. A row's call starts only when its slot_at has
-- come and slot_at <= its attempt's committed send_through, so at lease expiry a row beyond the
-- watermark (or with no attempt row or slot) provably never reached Meta and is queued again.
CREATE TABLE "send_buckets" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slowdown" double precision DEFAULT 1 NOT NULL,
	"slowdown_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dispatch_attempts" (
	"attempt_id" uuid PRIMARY KEY NOT NULL,
	"send_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "broadcast_recipients_claim_idx";--> statement-breakpoint
DROP INDEX "button_clicks_message_key";--> statement-breakpoint
ALTER TABLE "whatsapp_configs" ADD COLUMN "messages_per_second" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD COLUMN "target_tag_id" uuid;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "wamid" text;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "retried" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcast_recipients" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "template_components" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "button_clicks" ADD COLUMN "press_wamid" text NOT NULL;--> statement-breakpoint
ALTER TABLE "button_clicks" ADD COLUMN "trigger_id" text;--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_target_tag_id_tags_id_fk" FOREIGN KEY ("target_tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_recipients_broadcast_state_idx" ON "broadcast_recipients" USING btree ("organization_id","broadcast_id","state");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_due_idx" ON "broadcast_recipients" USING btree ("next_attempt_at") WHERE "broadcast_recipients"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "broadcast_recipients_lease_idx" ON "broadcast_recipients" USING btree ("locked_until") WHERE "broadcast_recipients"."state" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "button_clicks_press_key" ON "button_clicks" USING btree ("organization_id","press_wamid");--> statement-breakpoint
ALTER TABLE "broadcast_recipients" DROP CONSTRAINT "broadcast_recipients_organization_id_contact_id_contacts_organization_id_id_fk";
