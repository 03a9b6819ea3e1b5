/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { beforeMigrationForFile } from '../../testing/migrating-database';

/**
 * Migration 0024_broadcast_drafts_and_schedules on a database made before it: every role holding
 * broadcasts:create also gets broadcasts:send (creating no longer sends), and existing broadcasts are
 * named after their template and the day they were made, in their organization's time zone.
 */

const file = beforeMigrationForFile('0024_broadcast_drafts_and_schedules');

test('roles that could create broadcasts keep sending them, and old broadcasts get the default name', async () => {
  await file.database.migrateFrom(file.earlier);
  const [dubai, utc] = [uuidv7(), uuidv7()];
  for (const organizationId of [dubai, utc]) {
    await file.database.execute(sql`insert into organizations (id, name) values (${organizationId}, ${`Before ${organizationId.slice(-4)}`})`);
  }
  await file.database.execute(sql`insert into organization_settings (organization_id, time_zone) values (${dubai}, 'Asia/Dubai')`);
  const roles = [
    { id: uuidv7(), organizationId: dubai, permissions: ['broadcasts:view', 'broadcasts:create'] },
    { id: uuidv7(), organizationId: dubai, permissions: ['broadcasts:create', 'broadcasts:send'] },
    { id: uuidv7(), organizationId: utc, permissions: ['broadcasts:view'] },
  ];
  for (const [index, role] of roles.entries()) {
    await file.database.execute(sql`insert into roles (id, organization_id, name) values (${role.id}, ${role.organizationId}, ${`Role ${index}`})`);
    for (const permission of role.permissions) {
      await file.database.execute(sql`insert into role_permissions (organization_id, role_id, permission) values (${role.organizationId}, ${role.id}, ${permission})`);
    }
  }
  // 22:30 UTC is already the next day in Dubai (UTC+4).
  for (const organizationId of [dubai, utc]) {
    await file.database.execute(sql`insert into broadcasts (id, organization_id, template_id, template_name, template_language, parameters, created_at)
      values (${uuidv7()}, ${organizationId}, ${uuidv7()}, 'spring_sale', 'en_US', '[]', '2026-03-01T22:30:00Z')`);
  }

  await file.database.migrateFrom(MIGRATIONS_FOLDER);

  const senders = rowsOf<{ role_id: string }>(await file.database.execute(sql`select role_id from role_permissions where permission = 'broadcasts:send'`));
  expect(senders.map((row) => row.role_id).sort()).toEqual([roles[0].id, roles[1].id].sort());
  const names = rowsOf<{ organization_id: string; name: string; status: string }>(
    await file.database.execute(sql`select organization_id, name, status from broadcasts`),
  );
  expect(Object.fromEntries(names.map((row) => [row.organization_id, [row.name, row.status]]))).toEqual({
    [dubai]: ['spring_sale 2026-03-02', 'pending'],
    [utc]: ['spring_sale 2026-03-01', 'pending'],
  });
});
