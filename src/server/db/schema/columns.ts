import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/ids';

/** Column helpers every table shares. */
export const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7());
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdateFn(() => new Date());
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
/** Every tenant-owned row carries its organization; the FK is declared per table. */
export const organizationId = () => uuid('organization_id').notNull();
