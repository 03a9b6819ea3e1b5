import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SessionUser } from '@shared/api/auth';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'Secret123';

/** The whole server on a fresh database, driven with `app.inject`. One per test file. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { extraRoutes }: { extraRoutes?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config: AppConfig = {
    ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: '0' }),
    clientDir: '/nonexistent',
    ...overrides,
  };
  const app = await buildApp(config, { database, logger: false });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The whole server listening on a free local port, for tests that need real sockets (slow bodies, streams). */
export async function createListeningTestApp(overrides: Partial<AppConfig> = {}): Promise<{ t: TestApp; port: number }> {
  const t = await createTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

let counter = 0;
/** A unique e-mail for this test run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

/** A signed-in user and a way to call the API as them. */
export interface Member {
  user: SessionUser;
  cookie: string;
  email: string;
  password: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('parley_session'));
  if (!cookie) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export function asMember(app: FastifyInstance, user: SessionUser, cookie: string, email: string, password: string): Member {
  return {
    user,
    cookie,
    email,
    password,
    request: (options) => app.inject({ ...options, headers: { ...options.headers, cookie } }),
  };
}

/** Signs up a new organization's founder (its Admin). */
export async function signUpAdmin(
  app: FastifyInstance,
  { name = 'Ada Admin', organizationName = 'Acme Trading', email = uniqueEmail('admin'), timeZone }: { name?: string; organizationName?: string; email?: string; timeZone?: string } = {},
): Promise<Member> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name, email, password: TEST_PASSWORD, organizationName, timeZone },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return asMember(app, response.json().user, sessionCookieFrom(response), email, TEST_PASSWORD);
}

/** A test file's app and the Admin of one organization in it (close `t` after the file's tests). */
export async function createAppWithAdmin(overrides: Partial<AppConfig> = {}): Promise<{ t: TestApp; admin: Member }> {
  const t = await createTestApp(overrides);
  return { t, admin: await signUpAdmin(t.app) };
}

/** Signs in an existing user. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<Member> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return asMember(app, response.json().user, sessionCookieFrom(response), email, password);
}

/** A test file's app and Admin, with the Admin's organization. */
export interface FileApp {
  t: TestApp;
  admin: Member;
  organizationId: string;
}

/**
 * How long a file's shared set-up may take: a fresh database (or one migrated step by step), a sandbox
 * and an S3 server, on a CI machine whose other worker may be rendering the whole client at the time.
 */
const SET_UP_TIMEOUT_MS = 90_000;

/**
 * Something a whole test file shares (an app, a kit): made before the file's tests, closed after them.
 * Call it at the top of the file and read the fields inside tests (they are set once `beforeAll` ran).
 */
export function sharedByFile<T extends object>(make: () => Promise<T>, close: (value: T) => Promise<void>): T {
  const shared = {} as T;
  let made = false;
  beforeAll(async () => {
    Object.assign(shared, await make());
    made = true;
  }, SET_UP_TIMEOUT_MS);
  afterAll(async () => {
    if (made) await close(shared);
  });
  return shared;
}

/** `createAppWithAdmin` for a whole test file (see `sharedByFile`). */
export function appWithAdminForFile(overrides: Partial<AppConfig> = {}): FileApp {
  return sharedByFile(
    async () => {
      const { t, admin } = await createAppWithAdmin(overrides);
      return { t, admin, organizationId: organizationOf(admin) };
    },
    (file) => file.t.close(),
  );
}

/** The id of the member's organization. */
export function organizationOf(member: Member): string {
  const organization = member.user.organization;
  if (!organization) throw new Error('the member belongs to no organization');
  return organization.organizationId;
}
