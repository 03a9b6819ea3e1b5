ALTER TABLE "conversations" ADD COLUMN "free_entry_point_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "free_entry_point_expires_at" timestamp with time zone;--> statement-breakpoint
-- The window after an entry-point message used to be 72 h. It is now the customer-service window alone
-- (the customer's latest message + 24 h, WHATSAPP.md §9), and Meta's free-entry-point window is kept apart:
-- 72 h from the first reply sent within 24 h of the entry-point message.
UPDATE "conversations" AS c SET
  "free_entry_point_at" = c."window_expires_at" - interval '72 hours',
  "window_expires_at" = (
    SELECT max(m."sent_at") + interval '24 hours' FROM "messages" m
    WHERE m."organization_id" = c."organization_id" AND m."conversation_id" = c."id" AND m."direction" = 'inbound'
  )
WHERE c."is_free_entry_point" AND c."window_expires_at" IS NOT NULL;--> statement-breakpoint
UPDATE "conversations" AS c SET "free_entry_point_expires_at" = (
  SELECT min(m."sent_at") + interval '72 hours' FROM "messages" m
  WHERE m."organization_id" = c."organization_id" AND m."conversation_id" = c."id" AND m."direction" = 'outbound'
    AND m."wamid" IS NOT NULL AND m."sent_at" >= c."free_entry_point_at" AND m."sent_at" < c."free_entry_point_at" + interval '24 hours'
)
WHERE c."free_entry_point_at" IS NOT NULL;
