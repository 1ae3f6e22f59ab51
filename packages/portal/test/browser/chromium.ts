import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium (`apt-get install -y chromium`); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../../../test-results');

/**
 * Whether browser tests can run here. Without chromium a local run skips them with a visible notice;
 * under CI that is a failure, because CI installs the browser.
 */
export function chromiumAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI)
    throw new Error(`CI is set but ${CHROMIUM_PATH} is missing: run \`apt-get update && apt-get install -y chromium\` first.`);
  process.stderr.write(
    `\n${'='.repeat(78)}\n  Portal browser tests SKIPPED: no chromium at ${CHROMIUM_PATH}.\n  Install it with: apt-get update && apt-get install -y chromium\n${'='.repeat(78)}\n\n`,
  );
  return false;
}

/** A headless chromium with a fresh profile directory and a phone-sized viewport. */
export function launchPhoneBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  return launchBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}

/** The same at a desktop width (1280 px), where the navigation and long tokens sit on wide lines. */
export function launchDesktopBrowser(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  return launchBrowser({ viewport: { width: 1280, height: 900 } });
}

interface Screen {
  viewport: { width: number; height: number };
  isMobile?: boolean;
  hasTouch?: boolean;
}

async function launchBrowser(screen: Screen): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'byline-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ...screen,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the steps; on failure saves a screenshot of the page to test-results/ and rethrows. */
export async function withScreenshotOnFailure(page: Page, name: string, steps: () => Promise<void>): Promise<void> {
  try {
    await steps();
  } catch (error) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    process.stderr.write(`browser test failed; screenshot saved to ${file}\n`);
    throw error;
  }
}

export interface NewPageOptions {
  /** The browser to open: launchPhoneBrowser or launchDesktopBrowser. */
  launch: () => Promise<{ context: BrowserContext; close: () => Promise<void> }>;
  /** What the screenshot of a failure is called in test-results/. */
  screenshot: string;
  /** How long the page's waits may take, when not Playwright's default. */
  timeoutMs?: number;
}

/**
 * Runs `steps` on a new page of a freshly launched browser, with a screenshot when they fail (withScreenshotOnFailure),
 * and closes the browser after, whatever happened.
 */
export async function onNewPage({ launch, screenshot, timeoutMs }: NewPageOptions, steps: (page: Page) => Promise<void>) {
  const browser = await launch();
  const page = await browser.context.newPage();
  if (timeoutMs !== undefined) page.setDefaultTimeout(timeoutMs);
  try {
    await withScreenshotOnFailure(page, screenshot, () => steps(page));
  } finally {
    await browser.close();
  }
}
