/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// ESM-only packages that must be transformed for Jest's CommonJS runtime.
const esmOnly = [
  'rettime', 'until-async', '@open-draft/deferred-promise', 'cookie', 'content-disposition',
  // file-type (the media upload's check by content) and its dependencies.
  'file-type', 'strtok3', 'token-types', '@tokenizer', '@borewit', 'uint8array-extras',
];

const transform: Config['transform'] = {
  '^.+\\.m?[jt]sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const moduleNameMapper = {
  '^@client/(.*)$': '<rootDir>/src/client/$1',
  '^@server/(.*)$': '<rootDir>/src/server/$1',
  '^@shared/(.*)$': '<rootDir>/src/shared/$1',
  '^@sandbox/(.*)$': '<rootDir>/src/sandbox/$1',
  '\\.(css)$': '<rootDir>/__mocks__/styleMock.ts',
  '\\.(svg|png|jpg|woff2?)$': '<rootDir>/__mocks__/fileMock.ts',
};

const common = {
  transform,
  moduleNameMapper,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
};

// Browser tests run only through `npm run test:e2e` (PARLEY_E2E=1): they start the real server.
const e2eProject: NonNullable<Config['projects']>[number] = {
  ...common,
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/e2e/specs/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/e2e/global-setup.ts',
  globalTeardown: '<rootDir>/src/e2e/global-teardown.ts',
};

const config: Config = {
  testTimeout: process.env.PARLEY_E2E === '1' ? 90_000 : 20_000,
  projects: [
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/src/client/**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/client/testing/setup-tests.ts'],
      // Spies (console.error, window.confirm…) are restored before every test: none leaks into the next.
      restoreMocks: true,
    },
    {
      ...common,
      displayName: 'server',
      // PGlite loads its WebAssembly with a dynamic import: Jest needs --experimental-vm-modules (npm test sets it).
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/{server,shared,sandbox}/**/*.test.ts'],
      // *.postgres.test.ts needs several connections to one database (e.g. two server processes): PostgreSQL only.
      testPathIgnorePatterns: process.env.DATABASE_URL ? ['/node_modules/'] : ['/node_modules/', '\\.postgres\\.test\\.ts$'],
    },
    ...(process.env.PARLEY_E2E === '1' ? [e2eProject] : []),
  ],
};

export default config;
