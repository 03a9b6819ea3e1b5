-- contact_count_deltas gets one row per statement that adds or removes contacts (see schema/contacts.ts).
CREATE FUNCTION contacts_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_count_deltas (organization_id, delta)
  SELECT organization_id, count(*) FROM inserted_contacts GROUP BY organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- While an organization is being deleted its contacts cascade away after it: nothing to count then.
CREATE FUNCTION contacts_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_count_deltas (organization_id, delta)
  SELECT d.organization_id, -count(*) FROM deleted_contacts d
  WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
  GROUP BY d.organization_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_count_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS inserted_contacts FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_inserted();
--> statement-breakpoint
CREATE TRIGGER contacts_count_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS deleted_contacts FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_deleted();
--> statement-breakpoint
INSERT INTO contact_count_deltas (organization_id, delta)
SELECT organization_id, count(*) FROM contacts GROUP BY organization_id;
