import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { runningServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags this machine needs: no sandbox (the tests run as root), no background networking (the
// closed network refuses it loudly).
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

export function baseUrl(): string {
  return runningServer().baseUrl;
}

/** A fresh browser context (its own cookies and storage) with a page on the product. */
export async function newSession(browser: Browser): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  return { context, page, problems };
}

/**
 * One browser for a spec file, launched before its first test and closed after its last (call it at
 * the top of the file); `newSession` opens a fresh context in it.
 */
export function specBrowser(): { newSession: () => ReturnType<typeof newSession> } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newSession: () => {
      if (!browser) throw new Error('specBrowser(): the browser opens in beforeAll');
      return newSession(browser);
    },
  };
}

/**
 * Collects what a user would never want to happen: uncaught exceptions and CSP violations. Tests
 * assert the list is empty at the end.
 */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  return problems;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

export const E2E_PASSWORD = 'Welcome123';

/** Signs up a new organization through the login screen; lands on the dashboard. */
export async function signUpThroughUi(
  page: Page,
  { name = 'Nadia Rahman', email = uniqueEmail('founder'), organizationName = 'Oasis Spices' } = {},
): Promise<{ email: string; name: string }> {
  await page.goto('/login?signup=true');
  await page.getByLabel(/^name/i).fill(name);
  await page.getByLabel(/organization name/i).fill(organizationName);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await page.getByRole('heading', { name: `Welcome back, ${name}!` }).waitFor();
  return { email, name };
}

/** Signs in through the login screen; lands on the dashboard. */
export async function signInThroughUi(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
}

/** An input's value once it has one: a field filled by its own request starts out empty. */
export async function filledValue(input: Locator): Promise<string> {
  const element = await input.elementHandle();
  await input.page().waitForFunction((field) => (field as HTMLInputElement | null)?.value !== '', element);
  return input.inputValue();
}
