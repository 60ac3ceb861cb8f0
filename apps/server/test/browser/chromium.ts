import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Debian's chromium; never a downloaded browser build. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const SCREENSHOTS = fileURLToPath(new URL('../../../../test-results/screenshots/', import.meta.url));

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** One person's device: its window, and where they are (language and clock) when a test says. */
export interface PersonOptions {
  viewport?: { width: number; height: number };
  /** A BCP 47 locale such as en-NZ (chromium's own default otherwise). */
  locale?: string;
  /** An IANA zone such as Pacific/Auckland (the machine's otherwise). */
  timezoneId?: string;
}

export interface Chromium {
  /** A fresh browser profile (its own cookies): one person's phone or laptop, in this chromium. */
  person(options?: PersonOptions): Promise<Browser>;
  close(): Promise<void>;
}

/** One chromium process; each person in it is a context of their own, far cheaper than a process each. */
export async function launchChromium(): Promise<Chromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's package with \`apt-get install -y chromium\` (CI's .ci/run does this)`,
    );
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  return {
    async person(options = {}) {
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 390, height: 844 },
        ...(options.locale ? { locale: options.locale } : {}),
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      const page = await context.newPage();
      return { context, page, close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

/**
 * One chromium for the test file that calls this at its top level: launched before the file's first
 * test, closed after its last. Launching is what a browser costs (a process tree, a second or more
 * on a small machine); a context is a fresh profile, its own cookies and storage, in milliseconds.
 * So each person a test asks for is a new context, closed when that test ends: nothing a test's
 * people did is seen by the next test.
 */
export function chromiumForFile(): (options?: PersonOptions) => Promise<Browser> {
  let browser: Chromium | undefined;
  const people: Browser[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(people.splice(0).map((person) => person.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (options = {}) => {
    if (!browser) throw new Error('chromiumForFile() is called at the top level of a test file, and people only inside tests');
    const person = await browser.person(options);
    people.push(person);
    return person;
  };
}

/** A chromium of its own for one person (a file with one person in one test). */
export async function openBrowser(options: PersonOptions = {}): Promise<Browser> {
  const browser = await launchChromium();
  const person = await browser.person(options);
  return {
    ...person,
    async close() {
      await person.close();
      await browser.close();
    },
  };
}

/** Writes a screenshot to test-results/screenshots (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page (through the DevTools protocol, so the page's CSP stays as strict as it is): every violation, any impact. */
export async function accessibilityViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(await axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The violations that block someone (serious or critical), counted per rule. */
export async function seriousAccessibilityViolations(page: Page): Promise<{ id: string; impact: string; nodes: number }[]> {
  return (await accessibilityViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length }));
}

/** Messages the page logged as errors, and uncaught exceptions, from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Whether anything on the page is wider than the window (a phone would scroll sideways). */
export async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
