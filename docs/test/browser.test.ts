// Opens every built page in real headless Chromium with the network cut off,
// as a newcomer reading the docs offline would, and checks that each
// operation of each spec is rendered and that nothing went wrong.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CJK_FONT_FAMILY } from '../scripts/cjk-font.mjs';
import { codeSamplesOf } from '../scripts/code-samples.mjs';
import { readSpecs, type SpecOperation } from '../scripts/read-specs.mjs';
import { startStaticServer } from '../scripts/static-server.mjs';
import {
  chromiumInstallCommand,
  chromiumPath,
  chromiumPresent,
  launchOfflineChromium,
  recordPageErrors,
  type OfflineBrowser,
} from './chromium.js';
import { distDir, resultsDir, specsDir } from './paths.js';

const specs = await readSpecs(specsDir);
// How long Chromium may take to render one thing before the test gives up: a hang guard, not a measure of speed
// (a page renders in a second or two on a quiet machine, and a busy one must stay far within it).
const timeout = 120_000;
const missingMessage =
  `Chromium not found at ${chromiumPath}: the browser test of the docs cannot run. ` +
  `Install it with \`${chromiumInstallCommand}\` (Debian's chromium package) or set CHROMIUM_PATH.`;

// CI=true (or any value but false/0) turns a missing Chromium into a failure.
const inCI = Boolean(process.env.CI) && !/^(false|0)$/i.test(process.env.CI ?? '');

if (!chromiumPresent && !inCI) {
  console.warn(`\n!!! SKIPPED: ${missingMessage}\n`);
}

describe.runIf(!chromiumPresent && inCI)('browser test prerequisites', () => {
  it('has Chromium installed in CI', () => {
    expect.fail(missingMessage);
  });
});

describe.runIf(chromiumPresent)('built docs in offline headless Chromium', () => {
  let browser: OfflineBrowser;
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    mkdirSync(resultsDir, { recursive: true });
    server = await startStaticServer({ root: distDir });
    browser = await launchOfflineChromium();
  });

  // Each test answers for the requests of its own pages only.
  beforeEach(() => {
    browser.blockedRequests.length = 0;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(specs.map((spec) => [spec.api, spec] as const))(
    'renders every operation of %s with no error and no request off the machine',
    async (api, spec) => {
      const page = await browser.context.newPage();
      const errors = recordPageErrors(page);
      await page.goto(`${server.url}${api}.html`, { waitUntil: 'load' });
      expect(await page.locator('h1').first().textContent({ timeout })).toContain(spec.title);

      const samples = codeSamplesOf(spec.model);
      for (const operation of spec.operations) {
        const section = await showOperation(page, operation);
        await showCodeSamples(page, section, samples.get(operation.operationId) ?? []);
      }
      // The last operation, its TypeScript sample showing.
      await page.locator(operationSection(spec.operations.at(-1)!)).screenshot({
        path: join(resultsDir, `${api}-code-samples.png`),
      });

      // 成功 / 错误 render with the shipped CJK font, first in the stack, instead of empty boxes.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toContain(
        CJK_FONT_FAMILY,
      );
      await page.screenshot({ path: join(resultsDir, `${api}.png`), fullPage: true });
      expect(errors).toEqual([]);
      expect(browser.blockedRequests).toEqual([]);
      await page.close();
    },
  );

  it('renders the index page, which links every API page and shows the guide', async () => {
    const page = await browser.context.newPage();
    const errors = recordPageErrors(page);
    await page.goto(server.url, { waitUntil: 'load' });
    for (const spec of specs) {
      expect(await page.getByRole('link', { name: spec.title, exact: true }).getAttribute('href', { timeout })).toBe(
        `${spec.api}.html`,
      );
    }
    await page.getByRole('heading', { name: 'Quirks and unknowns' }).waitFor({ state: 'visible', timeout });
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(CJK_FONT_FAMILY);
    await page.screenshot({ path: join(resultsDir, 'index.png'), fullPage: true });

    // Following a link from the index reaches a working reference page.
    const first = specs[0]!;
    await page.getByRole('link', { name: first.title, exact: true }).click();
    expect(await page.locator('h1').first().textContent({ timeout })).toContain(first.title);
    expect(errors).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
    await page.close();
  });

  it('links every operation on the index to its section, and a click shows it', async () => {
    const page = await browser.context.newPage();
    const errors = recordPageErrors(page);
    await page.goto(server.url, { waitUntil: 'load' });
    const links = page.locator('a.operation');
    expect(await links.count()).toBe(specs.reduce((sum, spec) => sum + spec.operations.length, 0));
    const spec = specs.at(-1)!;
    const target = spec.operations.at(-1)!;
    const link = links.filter({ hasText: String(target.summary) });
    expect(await link.getAttribute('href')).toMatch(
      new RegExp(`^${spec.api}\\.html#/[a-z-]+/${target.operationId.toLowerCase()}$`),
    );
    await link.click();
    await page
      .locator('h1, h2, h3')
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(String(target.summary))}\\s*$`) })
      .first()
      .waitFor({ state: 'visible', timeout });
    expect(page.url()).toContain(`#/`);
    expect(errors).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
    await page.close();
  });

  it('renders 错误 with the shipped CJK font, not as boxes', async () => {
    const page = await browser.context.newPage();
    const errors = recordPageErrors(page);
    const spec = specs.find((candidate) => JSON.stringify(candidate.model.document).includes('错误'))!;
    await page.goto(`${server.url}${spec.api}.html`, { waitUntil: 'load' });
    const shown = page.getByText('错误').first();
    await shown.waitFor({ state: 'visible', timeout });
    await page.evaluate(() => document.fonts.ready);
    // The font Chromium drew the page's 错误 with, as its DevTools report it: the shipped one (a web font).
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    await shown.evaluate((node) => node.setAttribute('data-cjk-probe', ''));
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-cjk-probe]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts).toContainEqual(expect.objectContaining({ familyName: 'Noto Sans CJK SC', isCustomFont: true }));
    // A screenshot of 错误 in the page's font stack against one of two characters no font has: box glyphs.
    const family = await shown.evaluate((node) => getComputedStyle(node).fontFamily);
    expect(family.replace(/["']/g, '').startsWith(CJK_FONT_FAMILY)).toBe(true);
    await page.evaluate((stack) => {
      for (const [id, text] of [
        ['probe-boxes', '\u{10FFFD}\u{10FFFD}'],
        ['probe-word', '错误'],
      ]) {
        const box = document.createElement('span');
        box.id = id!;
        box.textContent = text!;
        Object.assign(box.style, { display: 'inline-block', width: '120px', height: '60px', background: '#fff' });
        Object.assign(box.style, { font: '40px/60px serif', fontFamily: stack, color: '#000', overflow: 'hidden' });
        document.body.prepend(box);
      }
    }, family);
    const shot = (id: string, file: string) =>
      page.locator(`#${id}`).screenshot({ path: join(resultsDir, file), animations: 'disabled' });
    const word = await shot('probe-word', 'cjk-word.png');
    const boxes = await shot('probe-boxes', 'cjk-box-glyphs.png');
    expect(word.equals(boxes), '错误 renders as box glyphs').toBe(false);
    expect(errors).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
    await page.close();
  });

  it('searches both APIs from the index page and leads to the operation found', async () => {
    const page = await browser.context.newPage();
    const errors = recordPageErrors(page);
    await page.goto(server.url, { waitUntil: 'load' });
    const search = page.getByRole('searchbox', { name: 'Search both APIs' });
    // "list" names an operation of each API.
    await search.fill('list');
    const results = page.locator('#search-results a');
    const found = await results.allTextContents();
    for (const spec of specs) expect(found.some((text) => text.startsWith(spec.title))).toBe(true);
    await search.fill('per_page 100');
    expect(await results.count()).toBeGreaterThan(0);
    for (const text of await results.allTextContents()) expect(text.startsWith(specs[0]!.title)).toBe(true);
    await search.fill('no operation has this word');
    expect(await results.count()).toBe(0);

    // Following a result reaches that operation on its reference page.
    const target = specs.at(-1)!.operations.at(-1)!;
    await search.fill(target.operationId);
    await page.screenshot({ path: join(resultsDir, 'index-search.png') });
    await results.first().click();
    await page
      .locator('h1, h2, h3')
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(String(target.summary))}\\s*$`) })
      .first()
      .waitFor({ state: 'visible', timeout });
    expect(errors).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
    await page.close();
  });

  it('finds every operation taking api_key, and the 错误 every marketplace answer may state', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url, { waitUntil: 'load' });
    const search = page.getByRole('searchbox', { name: 'Search both APIs' });
    const results = page.locator('#search-results a');
    const market = specs.find((spec) => spec.api === 'marketplace')!;
    for (const word of ['api_key', '错误']) {
      await search.fill(word);
      expect(await results.count(), word).toBe(market.operations.length);
    }
    await page.close();
  });

  it('breaks no title inside a word on a phone (390 pixels wide)', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['index', ...specs.map((spec) => spec.api)]) {
      await page.goto(`${server.url}${name === 'index' ? '' : `${name}.html`}`, { waitUntil: 'load' });
      await page.locator('h1').first().waitFor({ state: 'visible', timeout });
      // A word a line break cuts lies on two lines: its range has two boxes.
      const cut = await page.evaluate(() => {
        const found: string[] = [];
        for (const heading of Array.from(document.querySelectorAll('h1, h2'))) {
          if (heading.getBoundingClientRect().width === 0) continue;
          const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
              if (lines.size > 1) found.push(`${heading.textContent?.trim()} (at "${match[0]}")`);
            }
          }
        }
        return found;
      });
      expect(cut, `${name}: titles broken inside a word`).toEqual([]);
      await page.screenshot({ path: join(resultsDir, `${name}-390.png`) });
    }
    await page.close();
  });

  it('works when opened straight from the file system', async () => {
    const page = await browser.context.newPage();
    const errors = recordPageErrors(page);
    const spec = specs.at(-1)!;
    await page.goto(pathToFileURL(join(distDir, `${spec.api}.html`)).href, { waitUntil: 'load' });
    await showOperation(page, spec.operations.at(-1)!);
    expect(errors).toEqual([]);
    expect(browser.blockedRequests).toEqual([]);
    await page.close();
  });
});

const operationSection = (operation: SpecOperation): string =>
  `[data-section-id$="/${String(operation.operationId).toLowerCase()}"]`;

// Each request sample of the operation is offered in its section's sample menu and, once chosen, shown.
async function showCodeSamples(
  page: Page,
  section: Locator,
  samples: { label: string; source: string }[],
): Promise<void> {
  expect(samples.map((sample) => sample.label)).toEqual(['curl', '@tallyport/client']);
  for (const sample of samples) {
    await section
      .locator('button[aria-haspopup="menu"]')
      .filter({ hasText: /^\s*(curl|@tallyport\/client)\s*$/ })
      .click();
    await page.getByRole('menuitem', { name: sample.label, exact: true }).click();
    // The first line of the sample, as the reader sees it.
    const firstLine = sample.source.split('\n')[0]!;
    await section.getByText(firstLine.trim().split(' ').slice(0, 2).join(' ')).first().waitFor({ timeout });
    expect((await section.textContent())?.replace(/\s+/g, ' ')).toContain(firstLine.replace(/\s+/g, ' ').trim());
    // Every line is visible: no code block of the section runs past its edge (lines wrap instead).
    const cut = await section.evaluate((box) =>
      Array.from(box.querySelectorAll('pre'))
        .filter((pre) => pre.scrollWidth > pre.clientWidth + 1)
        .map((pre) => (pre.textContent ?? '').slice(0, 60)),
    );
    expect(cut, `${sample.label} sample lines cut at the panel edge`).toEqual([]);
  }
}

// Follows the sidebar link of one operation and waits for its section.
async function showOperation(page: Page, operation: SpecOperation): Promise<Locator> {
  // Redoc routes each operation by a slug of its operationId.
  const link = page.locator(`a[href$="/${String(operation.operationId).toLowerCase()}"]`);
  const found = await link
    .first()
    .waitFor({ state: 'attached', timeout })
    .then(
      () => true,
      () => false,
    );
  expect(found, `${operation.method} ${operation.path} (${operation.operationId}) has no link on the page`).toBe(true);
  await link.first().click();
  // The heading's own text, not its accessible name: Redoc adds a "link to …" label.
  const heading = page
    .locator('h1, h2, h3')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(String(operation.summary))}\\s*$`) })
    .first();
  await heading.waitFor({ state: 'visible', timeout });
  // The heading sits in the operation's own section, which shows its method and path.
  const section = await heading.evaluate((h) => {
    const box = h.closest('[data-section-id]');
    return { id: box?.getAttribute('data-section-id') ?? '', text: (box?.textContent ?? '').toLowerCase() };
  });
  expect(section.id.toLowerCase()).toMatch(new RegExp(`/${String(operation.operationId).toLowerCase()}$`));
  expect(section.text).toContain(operation.path.toLowerCase());
  expect(section.text).toContain(operation.method.toLowerCase());
  return page.locator(operationSection(operation));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
