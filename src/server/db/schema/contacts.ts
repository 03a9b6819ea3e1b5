import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';
import { organizations, users } from './organizations';

/**
 * Contacts. `phone_e164` is the normalized number ('+' country code digits, then the national digits);
 * it is unique per organization, so the same person is one contact however the number was typed.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    /** The business's name for the contact: typed by a member, imported, or a first profile name the contact form accepts. */
    name: text('name'),
    /**
     * The customer's WhatsApp profile name as last sent (src/shared/format/profile-name.ts): shown,
     * marked as WhatsApp's, where the contact has no name; never copied over `name`.
     */
    profileName: varchar('profile_name', { length: 256 }),
    countryCode: text('country_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    phoneE164: text('phone_e164').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestampTz('deleted_at'),
    /** Set when the customer stopped marketing messages (a keyword, an opt-out button, Meta's signal); cleared by a member. */
    optedOutAt: timestampTz('opted_out_at'),
    /** What opted the customer out: 'keyword', 'button', 'meta' (user_preferences webhook) or 'send_error' (131050). */
    optOutSource: text('opt_out_source'),
  },
  (t) => [
    unique('contacts_org_id_key').on(t.organizationId, t.id),
    unique('contacts_org_phone_key').on(t.organizationId, t.phoneE164),
    index('contacts_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    // Search by name, profile name or number fragment ('%ahm%', '%50123%'): trigram indexes, never a scan of every row.
    // The organization leads each (btree_gin), so a search reads only its own organization's matches: a
    // common fragment matches thousands of rows across a shared table.
    index('contacts_org_name_trgm_idx').using('gin', t.organizationId, t.name.op('gin_trgm_ops')),
    index('contacts_org_phone_trgm_idx').using('gin', t.organizationId, t.phoneE164.op('gin_trgm_ops')),
    index('contacts_org_profile_name_trgm_idx').using('gin', t.organizationId, t.profileName.op('gin_trgm_ops')),
  ],
);

/**
 * How many contacts each organization has, as a running sum: triggers on contacts (migration
 * contacts_count_triggers) add one row per INSERT or DELETE statement, so the Contacts list's total is a
 * sum over a few rows instead of a count of 100,000, and writers never queue on a shared counter row.
 * Readers fold the rows back into one now and then (contact-total.ts).
 */
export const contactCountDeltas = pgTable(
  'contact_count_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
  },
  (t) => [index('contact_count_deltas_org_idx').on(t.organizationId)],
);

export const TAG_TYPES = ['manual', 'csv_import'] as const;

export const tags = pgTable(
  'tags',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    type: text('type', { enum: TAG_TYPES }).notNull().default('manual'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    unique('tags_org_id_key').on(t.organizationId, t.id),
    uniqueIndex('tags_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    index('tags_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    organizationId: organizationId(),
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    foreignKey({ columns: [t.organizationId, t.contactId], foreignColumns: [contacts.organizationId, contacts.id] })
      .onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete(
      'cascade',
    ),
    index('contact_tags_tag_idx').on(t.organizationId, t.tagId),
  ],
);

export const NOTE_TYPES = ['note', 'system'] as const;

/**
 * Who an activity entry is credited to when no member is: Parley itself (an import, an automation, an
 * auto-assignment) or the customer's WhatsApp (a contact created by a message, an opt-out). Null: the
 * member in author_user_id.
 */
export const NOTE_CREDITS = ['parley', 'whatsapp'] as const;

export const contactNotes = pgTable(
  'contact_notes',
  {
    id: id(),
    organizationId: organizationId(),
    contactId: uuid('contact_id').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: NOTE_TYPES }).notNull().default('note'),
    credit: text('credit', { enum: NOTE_CREDITS }),
    content: text('content').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.contactId], foreignColumns: [contacts.organizationId, contacts.id] })
      .onDelete('cascade'),
    index('contact_notes_contact_idx').on(t.organizationId, t.contactId, t.createdAt),
  ],
);
