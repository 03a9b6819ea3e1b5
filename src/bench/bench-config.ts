import { loadConfig, type AppConfig } from '../server/config';

/**
 * The configuration of a server a bench builds in its own process: no demo data, nothing served from
 * disk, and API rate limits far above any bench's load, since a throughput bench measures the work
 * behind a request, not the limiter's 429 (the abuse bench starts a real server with the real limits).
 */
export function benchConfig(dataDir: string): AppConfig {
  return {
    ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }),
    dataDir,
    clientDir: '/nonexistent',
    apiRateLimits: { perMemberPerMinute: 1e9, perOrganizationPerMinute: 1e9 },
  };
}
