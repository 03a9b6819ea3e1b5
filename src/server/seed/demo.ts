import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { seedDemoCannedResponses } from './demo-canned-responses';
import { seedDemoContacts } from './demo-contacts';
import { seedDemoTeam, type DemoTeam } from './demo-team';
import { seedDemoTeamExtras } from './demo-team-extras';
import { seedDemoWhatsApp } from './demo-whatsapp';

/** What every seed step gets: the database, the config, and the demo organization's team. */
export interface DemoSeedContext {
  db: Database;
  config: AppConfig;
  team: DemoTeam;
  log: FastifyBaseLogger;
}

/**
 * The demo steps, run in order on an empty database. Each area seeds its own data in its own file;
 * add a step here rather than growing one file.
 */
const STEPS: Array<(context: DemoSeedContext) => Promise<void>> = [seedDemoTeamExtras, seedDemoWhatsApp, seedDemoContacts, seedDemoCannedResponses];

export async function seedDemo(db: Database, config: AppConfig, log: FastifyBaseLogger): Promise<DemoTeam> {
  const team = await seedDemoTeam(db);
  for (const step of STEPS) await step({ db, config, team, log });
  return team;
}
