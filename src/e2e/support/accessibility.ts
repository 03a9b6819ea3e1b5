import axe from 'axe-core';
import type { AxeResults, ImpactValue, NodeResult, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

/** The success criteria checked: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** Violations of these impacts fail a test; 'moderate' and 'minor' ones do not. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

export type ColorScheme = 'light' | 'dark';

/** The localStorage key MUI's `useColorScheme` keeps the chosen mode under (its default, which the app keeps). */
const MODE_STORAGE_KEY = 'mui-mode';

/**
 * Makes every page of the context open in the given scheme, exactly as if the user had picked it
 * with the header's toggle earlier: the choice is in localStorage before the app reads it.
 */
export async function openInColorScheme(context: BrowserContext, scheme: ColorScheme): Promise<void> {
  await context.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [MODE_STORAGE_KEY, scheme] as const,
  );
}

/** The scheme the page is painted in: the theme switches schemes by a class on <html>. */
export function paintedScheme(page: Page): Promise<ColorScheme> {
  return page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
}

/** What is shown while something loads: a spinner or bar, a skeleton, or a region marked busy. */
const LOADING = '[role="progressbar"], .MuiSkeleton-root, [aria-busy="true"]';

/**
 * Waits until the screen has settled: nothing is loading any more and no transition is still
 * running (a dialog fading in would be measured half transparent).
 */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction((selector) => {
    const shown = (element: Element) => element.getClientRects().length > 0;
    return ![...document.querySelectorAll(selector)].some(shown);
  }, LOADING);
  // Endless animations (a spinner that stays) never finish; only finite ones are waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const iterations = animation.effect?.getComputedTiming().iterations ?? 1;
      return animation.playState !== 'running' || iterations === Infinity;
    }),
  );
}

export interface Violation {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  targets: string[];
}

/** What axe says about one element: its selector, its markup's start, and the failed check's message. */
function describeNode(node: NodeResult): string {
  const selector = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' >>> ');
  const markup = node.html.length > 100 ? `${node.html.slice(0, 100)}…` : node.html;
  const why = [...node.any, ...node.all, ...node.none].find((check) => check.message)?.message;
  return [selector, markup, why].filter(Boolean).join('\n      ');
}

/** Runs axe-core on the page as it is now, with the WCAG 2.1 A/AA rules only. */
export async function auditPage(page: Page): Promise<Violation[]> {
  // Evaluated through the debugging protocol rather than an inline <script>, which the app's
  // Content Security Policy (rightly) refuses.
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  const options: RunOptions = { runOnly: { type: 'tag', values: [...WCAG_TAGS] }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
  return (results as AxeResults).violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    helpUrl: violation.helpUrl,
    targets: violation.nodes.map(describeNode),
  }));
}

/** The violations that fail a test. */
export function blocking(violations: readonly Violation[]): Violation[] {
  return violations.filter((violation) => violation.impact !== null && BLOCKING.includes(violation.impact));
}

/** Elements listed per rule: a table of forty rows failing alike says nothing more than its first few. */
const SHOWN_PER_RULE = 8;

/** One readable paragraph per violation: rule, impact and help, then the offending elements. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const shown = v.targets.slice(0, SHOWN_PER_RULE).map((target) => `    ${target}`);
      const more = v.targets.length - shown.length;
      return [
        `${v.rule} (${v.impact}): ${v.help} [${v.targets.length} element(s)] ${v.helpUrl}`,
        ...shown,
        ...(more > 0 ? [`    …and ${more} more`] : []),
      ].join('\n');
    })
    .join('\n');
}
