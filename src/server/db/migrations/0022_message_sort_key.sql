ALTER TABLE "messages" ADD COLUMN "sort_key" bigint GENERATED ALWAYS AS (least(greatest(floor(extract(epoch from (
    case when direction = 'inbound' then sent_at else created_at end) - to_timestamp(0))), 0), 4294967295)::bigint
  * 2147483648 + seq) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_sort_key" UNIQUE("conversation_id","sort_key");