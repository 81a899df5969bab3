// Launches Debian's Chromium through playwright-core with the network cut
// off: only loopback and inline (data:, blob:) addresses load, every other
// request is aborted and recorded so a test can fail on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from '../scripts/chromium-path.mjs';

export { chromiumInstallCommand, chromiumPath, chromiumPresent } from '../scripts/chromium-path.mjs';

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface OfflineBrowser {
  context: BrowserContext;
  /** Every request that tried to leave the machine. */
  blockedRequests: string[];
  close(): Promise<void>;
}

export async function launchOfflineChromium(): Promise<OfflineBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tallyport-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1280, height: 800 },
  });
  const blockedRequests: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    const local =
      url.protocol === 'data:' ||
      url.protocol === 'blob:' ||
      url.protocol === 'file:' ||
      loopbackHosts.has(url.hostname);
    if (local) return route.continue();
    blockedRequests.push(url.href);
    return route.abort('internetdisconnected');
  });
  return {
    context,
    blockedRequests,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Collects what a page reports as going wrong: console errors and uncaught exceptions. */
export function recordPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    errors.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`),
  );
  return errors;
}
