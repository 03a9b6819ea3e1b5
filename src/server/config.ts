import path from 'node:path';
import { parseMediaStore, type MediaStoreSettings } from './lib/media-store-settings';
import { parseTrustProxy, type TrustedProxies } from './lib/trusted-proxies';

/** The run-time configuration, read once from the environment (the variables are listed in README.md). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Where media files live: DATA_DIR (the default) or an S3-compatible bucket (MEDIA_STORE). */
  mediaStore: MediaStoreSettings;
  /** A PostgreSQL URL; unset means the embedded database in `dataDir` (or memory, for tests). */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections each process may hold (plus one for LISTEN); unset, 10. */
  databasePoolSize: number | undefined;
  /** Keep the embedded database in memory (tests). */
  inMemoryDatabase: boolean;
  /**
   * Graph API base URL: WHATSAPP_API_URL, or (unset) the built-in sandbox that `npm start` mounts on
   * this server at SANDBOX_MOUNT_PATH. Product code only ever sees this URL.
   */
  whatsappApiUrl: string;
  /** WHATSAPP_API_URL is unset: `npm start` mounts the sandbox and the demo is configured against it. */
  builtInSandbox: boolean;
  /** Simulated sandbox customers write on their own (SANDBOX_CUSTOMERS=0 keeps them quiet). */
  sandboxCustomers: boolean;
  /** SANDBOX_FAILURE_RATE (0..1): the share of marketing templates the built-in sandbox reports failed; unset, its own default. */
  sandboxFailureRate?: number;
  seedDemo: boolean;
  /**
   * The Meta app secret webhook signatures are checked with. Unset with the built-in sandbox: `npm
   * start` generates one into DATA_DIR and shares it with the sandbox. Unset otherwise: webhook POSTs
   * are refused.
   */
  whatsappAppSecret: string | undefined;
  /**
   * PARLEY_ENCRYPTION_KEY: 32 bytes, base64, the key tenant access tokens are encrypted with. Unset:
   * `npm start` generates one into DATA_DIR on first start (keep DATA_DIR, or the tokens are lost).
   */
  encryptionKey: string | undefined;
  /** Waits between retries of a failed Graph read (tests shorten them); unset: the client's defaults. */
  graphRetryDelaysMs?: readonly number[];
  publicUrl: string;
  /** SMTP_URL: the SMTP server mail leaves through (smtp://user:pass@host:port; smtps:// for TLS). Unset: no mail is sent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of Parley's mail; unset, `Parley <no-reply@{PUBLIC_URL's host}>`. */
  mailFrom: string;
  /** The wait before a failed mail's first retry, doubling after each (tests shorten it); unset, 30 s. */
  mailRetryBaseMs?: number;
  /** Serve the built SPA from this folder when it exists. */
  clientDir: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For entries name the client (request.ip). */
  trustProxy: TrustedProxies;
  logLevel: string;
  sessions: { idleMinutes: number; absoluteHours: number };
  throttle: ThrottleLimits;
  /** API requests one member, and one organization, may make per minute in each process. */
  apiRateLimits: ApiRateLimits;
  /**
   * BROADCAST_LEASE_SECONDS: how long a claimed broadcast send belongs to the process that claimed it.
   * Past it, a send whose answer was never stored is reconciled (never re-sent). It must outlast a Graph
   * call; the fault-test script shortens it so restarts settle sooner. Unset: the dispatcher's default.
   */
  broadcastLeaseSeconds: number | undefined;
  /**
   * How often the broadcast dispatcher looks for due work on its own, besides being woken when a broadcast
   * is queued; unset, 2 s. Tests that stage rows by hand make it Infinity, so only their own drains send.
   */
  broadcastDispatchPollMs?: number;
  /** How often the dispatcher folds noted broadcast changes into summaries (tests turn it off with Infinity); unset, 1 s. */
  broadcastSummaryFoldMs?: number;
  /**
   * BROADCAST_UNKNOWN_GRACE_MINUTES: how long after its send an unknown broadcast recipient (interrupted
   * mid-send, no report from WhatsApp) waits before it is shown as not confirmed, with Send again. Unset: 15.
   */
  broadcastUnknownGraceMinutes: number;
  /**
   * WEBHOOK_LEASE_SECONDS: how long a stored webhook event claimed by a process stays its own; if that
   * process dies, another applies the event once the lease ends. Unset: the inbox's default (120 s).
   * Tests that kill a process shorten it.
   */
  webhookLeaseSeconds: number | undefined;
  /**
   * A CSV import lets other requests go first (waits while another one is being answered); unset, on.
   * The import bench turns it off to measure an import that takes turns with them, in the same run.
   */
  importGivesWay?: boolean;
  /** How long a request body may take to arrive (tests shorten it); unset, 15 s, and 15 minutes for uploads. */
  bodyDeadlines?: BodyDeadlines;
  /** How often a live event stream sends its heartbeat and checks its session (tests shorten it); unset, 25 s. */
  liveHeartbeatMs?: number;
}

/** How long a request body may take to arrive: uploads (the multipart routes) get the longer allowance. */
export interface BodyDeadlines {
  defaultMs: number;
  uploadMs: number;
}

export interface ApiRateLimits {
  perMemberPerMinute: number;
  perOrganizationPerMinute: number;
}

/**
 * Far above what the client needs (a tab polls about 36 times a minute, so five tabs stay near 180),
 * low enough that one organization's flood cannot slow the others down.
 */
export const DEFAULT_API_RATE_LIMITS: ApiRateLimits = { perMemberPerMinute: 600, perOrganizationPerMinute: 6_000 };

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

/** A WhatsApp status callback comes within seconds of an accepted send: a quarter hour without one means it most likely never arrived. */
export const DEFAULT_UNKNOWN_GRACE_MINUTES = 15;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    mediaStore: parseMediaStore(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positiveNumber(env.DATABASE_POOL_SIZE),
    inMemoryDatabase: false,
    whatsappApiUrl: (env.WHATSAPP_API_URL || builtInSandboxUrl(env.HOST ?? '127.0.0.1', port)).replace(/\/+$/, ''),
    builtInSandbox: !env.WHATSAPP_API_URL,
    sandboxCustomers: env.SANDBOX_CUSTOMERS !== '0',
    sandboxFailureRate: shareOf(env.SANDBOX_FAILURE_RATE),
    seedDemo: env.SEED_DEMO !== '0',
    whatsappAppSecret: env.WHATSAPP_APP_SECRET || undefined,
    encryptionKey: env.PARLEY_ENCRYPTION_KEY || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || `Parley <no-reply@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    sessions: { idleMinutes: 30, absoluteHours: 12 },
    throttle: { ...DEFAULT_THROTTLE, signupsPerIpHour: positiveNumber(env.SIGNUPS_PER_IP_HOUR) ?? DEFAULT_THROTTLE.signupsPerIpHour },
    apiRateLimits: {
      perMemberPerMinute: positiveNumber(env.RATE_LIMIT_PER_MEMBER) ?? DEFAULT_API_RATE_LIMITS.perMemberPerMinute,
      perOrganizationPerMinute: positiveNumber(env.RATE_LIMIT_PER_ORGANIZATION) ?? DEFAULT_API_RATE_LIMITS.perOrganizationPerMinute,
    },
    broadcastLeaseSeconds: positiveNumber(env.BROADCAST_LEASE_SECONDS),
    broadcastUnknownGraceMinutes: positiveNumber(env.BROADCAST_UNKNOWN_GRACE_MINUTES) ?? DEFAULT_UNKNOWN_GRACE_MINUTES,
    webhookLeaseSeconds: positiveNumber(env.WEBHOOK_LEASE_SECONDS),
  };
}

/** A share from 0 to 1, or undefined when unset or out of range. */
function shareOf(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && parsed >= 0 && parsed <= 1 ? parsed : undefined;
}

function positiveNumber(value: string | undefined): number | undefined {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}

/** Where `npm start` mounts the built-in sandbox on its own server. */
export const SANDBOX_MOUNT_PATH = '/sandbox/graph';
/** The Graph API version Parley pins, so Meta's changes arrive only when we move it; the sandbox accepts any. */
export const GRAPH_API_VERSION = 'v23.0';

/** The built-in sandbox as this process reaches it: over loopback, whatever address it listens on. */
function builtInSandboxUrl(host: string, port: number): string {
  const loopback = host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host;
  const hostPart = loopback.includes(':') ? `[${loopback}]` : loopback;
  return `http://${hostPart}:${port}${SANDBOX_MOUNT_PATH}/${GRAPH_API_VERSION}`;
}
