/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { beforeMigrationForFile } from '../../testing/migrating-database';

/**
 * Migration 0017_canned_responses on a database made before it: the organizations that already exist
 * get canned_responses:manage on their Admin and Manager system roles, and on no other role.
 */

const MIGRATION = '0017_canned_responses';

const file = beforeMigrationForFile(MIGRATION);

test('existing organizations get canned_responses:manage on their Admin and Manager roles only', async () => {
  await file.database.migrateFrom(file.earlier);
  const organizations = [uuidv7(), uuidv7()];
  const roles: Array<{ id: string; organizationId: string; name: string; system: boolean }> = organizations.flatMap((organizationId) => [
    { id: uuidv7(), organizationId, name: 'Admin', system: true },
    { id: uuidv7(), organizationId, name: 'Manager', system: true },
    { id: uuidv7(), organizationId, name: 'Team Lead', system: true },
    { id: uuidv7(), organizationId, name: 'Agent', system: true },
    { id: uuidv7(), organizationId, name: 'Night Shift', system: false },
  ]);
  for (const organizationId of organizations) {
    await file.database.execute(sql`insert into organizations (id, name) values (${organizationId}, ${`Before ${organizationId.slice(-4)}`})`);
  }
  for (const role of roles) {
    await file.database.execute(sql`insert into roles (id, organization_id, name, is_system_role) values (${role.id}, ${role.organizationId}, ${role.name}, ${role.system})`);
    await file.database.execute(sql`insert into role_permissions (organization_id, role_id, permission) values (${role.organizationId}, ${role.id}, 'chats:view')`);
  }

  await file.database.migrateFrom(MIGRATIONS_FOLDER);

  const granted = rowsOf<{ role_id: string }>(await file.database.execute(sql`
    select role_id from role_permissions where permission = 'canned_responses:manage'`));
  const expected = roles.filter((role) => role.name === 'Admin' || role.name === 'Manager').map((role) => role.id);
  expect(granted.map((row) => row.role_id).sort()).toEqual([...expected].sort());
  // Nothing else moved: every role keeps what it had.
  const kept = rowsOf<{ n: number }>(await file.database.execute(sql`select count(*)::int as n from role_permissions where permission = 'chats:view'`));
  expect(kept[0].n).toBe(roles.length);
  const table = rowsOf<{ n: number }>(await file.database.execute(sql`select count(*)::int as n from canned_responses`));
  expect(table[0].n).toBe(0);
});
