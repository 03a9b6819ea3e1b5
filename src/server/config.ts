import path from 'node:path';

/** The run-time contract of DESIGN.md, read once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL URL; unset means the embedded database in `dataDir` (or memory, for tests). */
  databaseUrl: string | undefined;
  /** Keep the embedded database in memory (tests). */
  inMemoryDatabase: boolean;
  /** Graph API base URL; unset means the built-in sandbox, mounted by `npm start`. */
  whatsappApiUrl: string | undefined;
  seedDemo: boolean;
  whatsappAppSecret: string | undefined;
  publicUrl: string;
  /** Serve the built SPA from this folder when it exists. */
  clientDir: string;
  trustProxy: boolean;
  logLevel: string;
  sessions: { idleMinutes: number; absoluteHours: number };
  throttle: ThrottleLimits;
}

export interface ThrottleLimits {
  /** Consecutive failures for one e-mail from one address before the growing delay starts. */
  loginFailuresBeforeDelay: number;
  /** Failed sign-ins one account may take per hour, from anywhere (ASVS 2.2.1). */
  loginFailuresPerAccountHour: number;
  /** Failed sign-ins one address may make per day, across accounts. */
  loginFailuresPerIpDay: number;
  /** New accounts one address may create per hour. */
  signupsPerIpHour: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  loginFailuresBeforeDelay: 5,
  loginFailuresPerAccountHour: 100,
  loginFailuresPerIpDay: 1000,
  signupsPerIpHour: 20,
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    inMemoryDatabase: false,
    whatsappApiUrl: env.WHATSAPP_API_URL || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    whatsappAppSecret: env.WHATSAPP_APP_SECRET || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    sessions: { idleMinutes: 30, absoluteHours: 12 },
    throttle: DEFAULT_THROTTLE,
  };
}
