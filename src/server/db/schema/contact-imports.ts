import { foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, organizationId, timestampTz } from './columns';
import { tags } from './contacts';
import { organizations, users } from './organizations';

export const CONTACT_IMPORT_STATUSES = ['running', 'completed', 'interrupted'] as const;

/**
 * One CSV import: its file, its tag and how far it got. An import is written in short transactions, and
 * each one moves `rows_written` and the counts in the same commit, so after a crash the record says
 * exactly what was stored. A `running` import whose heartbeat stopped is interrupted; a later import of
 * the same file and tag that completes it is named in `completed_by`.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    tagId: uuid('tag_id').notNull(),
    fileName: text('file_name').notNull(),
    /** The tag's name when the file was imported (a message about it names what the user typed). */
    tagName: text('tag_name').notNull(),
    status: text('status', { enum: CONTACT_IMPORT_STATUSES }).notNull().default('running'),
    /** The file's good rows: what the import set out to write. */
    rowsToWrite: integer('rows_to_write').notNull(),
    rowsWritten: integer('rows_written').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    /** Moved by every committed chunk. */
    heartbeatAt: timestampTz('heartbeat_at').notNull().defaultNow(),
    finishedAt: timestampTz('finished_at'),
    completedBy: uuid('completed_by'),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.tagId], foreignColumns: [tags.organizationId, tags.id] }).onDelete('cascade'),
    index('contact_imports_org_status_idx').on(t.organizationId, t.status),
  ],
);
