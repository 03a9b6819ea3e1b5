ALTER TABLE "contact_notes" ADD COLUMN "credit" text;--> statement-breakpoint
-- Earlier activity entries no member caused (Parley never deletes a user, so a missing author is never a former member): the customer's WhatsApp's and Parley's own.
UPDATE "contact_notes" SET "credit" = 'whatsapp' WHERE "type" = 'system' AND "author_user_id" IS NULL AND ("content" = 'Contact created from a WhatsApp message' OR "content" LIKE 'Opted out of marketing messages:%' OR "content" = 'Opted back in to marketing messages in WhatsApp');--> statement-breakpoint
UPDATE "contact_notes" SET "credit" = 'parley' WHERE "type" = 'system' AND "credit" IS NULL AND ("author_user_id" IS NULL OR "content" LIKE 'Imported from % with tag "%"' OR "content" LIKE 'Updated by an import from % with tag "%"');
