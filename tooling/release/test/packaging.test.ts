// Packs @tallyport/types, @tallyport/client and @tallyport/contract-tests,
// installs the tarballs into a fresh project outside the repository, and uses
// them from ESM, CommonJS and TypeScript, and runs the CLI, as a user would.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPackages } from '../src/public-packages.js';
import { repoRoot } from './fixtures.js';
import { createFreshProject, runIn } from './packaging/fresh-project.js';
import { allowedEntry, forbiddenEntry, packPackage, type PackedPackage } from './packaging/pack.js';

const work = mkdtempSync(join(tmpdir(), 'tallyport-packaging-'));
const project = join(work, 'project');
const resultsDir = join(repoRoot, 'tooling', 'release', 'test-results');
const tsc = join(repoRoot, 'tooling', 'release', 'node_modules', '.bin', 'tsc');
const packed = new Map<string, PackedPackage>();

beforeAll(() => {
  for (const pkg of publicPackages) {
    const dir = join(repoRoot, pkg.dir);
    if (!existsSync(join(dir, 'dist')))
      throw new Error(`${pkg.name} has no dist/: run \`pnpm build\` first (turbo does it before this test).`);
    packed.set(pkg.name, packPackage(pkg.name, dir, join(work, 'tarballs')));
  }
  mkdirSync(resultsDir, { recursive: true });
  const sizes = [...packed.values()].map((p) => ({
    name: p.name,
    tarball: p.file.split('/').at(-1),
    bytes: p.bytes,
    unpackedBytes: p.unpackedBytes,
    files: p.entries.length,
  }));
  writeFileSync(join(resultsDir, 'tarballs.json'), `${JSON.stringify(sizes, null, 2)}\n`);
  console.log(
    sizes
      .map(
        (s) =>
          `${s.tarball}: ${(s.bytes / 1024).toFixed(1)} KiB packed, ` +
          `${(s.unpackedBytes / 1024).toFixed(1)} KiB unpacked, ${s.files} files`,
      )
      .join('\n'),
  );
  createFreshProject(
    project,
    [...packed.values()].map((p) => p.file),
  );
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(publicPackages.map((p) => [p.name] as const))('tarball of %s', (name) => {
  it('holds only what users need: package.json, README, LICENSE, CHANGELOG and dist/', () => {
    const { entries } = packed.get(name)!;
    expect(entries.filter((entry) => !allowedEntry.test(entry) || forbiddenEntry.test(entry))).toEqual([]);
    expect(entries.some((entry) => entry.startsWith('dist/'))).toBe(true);
  });

  it('carries a README and the LICENSE', () => {
    const { entries } = packed.get(name)!;
    expect(entries).toContain('README.md');
    expect(entries.filter((entry) => entry.startsWith('LICENSE'))).toHaveLength(1);
  });

  it('names real versions of its workspace dependencies, never workspace: ranges', () => {
    const manifest = readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8');
    expect(manifest).not.toContain('workspace:');
  });
});

// Each script prints one JSON line on success; the mocks are Prism on free
// loopback ports, started by the installed @tallyport/contract-tests.
function runScript(file: string, source: string): unknown {
  writeFileSync(join(project, file), source);
  const result = runIn(project, process.execPath, [file]);
  expect(result.stderr + (result.error?.message ?? ''), `${file} failed`).not.toMatch(/Error/);
  expect(result.status, `${file} exited with ${result.status}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

describe('the installed tarballs', () => {
  it('work from ESM: both clients call the mocks started by startMocks()', () => {
    const output = runScript(
      'use-esm.mjs',
      `import { createAnalyticsClient, createMarketplaceClient } from '@tallyport/client';
import { startMocks } from '@tallyport/contract-tests';
const mocks = await startMocks();
try {
  const analytics = createAnalyticsClient({ baseUrl: mocks.analytics.url, apiKey: 'packaging-check-key' });
  const websites = await analytics.websites.list({ per_page: 25 });
  const marketplace = createMarketplaceClient({ baseUrl: mocks.marketplace.url, apiKey: 'packaging-check-key' });
  const items = await marketplace.items.list();
  console.log(JSON.stringify({ websites: Array.isArray(websites), items: items.map((item) => typeof item.id) }));
} finally {
  await mocks.close();
}
`,
    );
    expect(output).toEqual({ websites: true, items: expect.arrayContaining(['number']) });
  });

  it('work from CommonJS: require() of every package', () => {
    const output = runScript(
      'use-cjs.cjs',
      `const client = require('@tallyport/client');
const contract = require('@tallyport/contract-tests');
const types = require('@tallyport/types');
(async () => {
  const mocks = await contract.startMocks({ apis: ['analytics'] });
  try {
    const analytics = client.createAnalyticsClient({ baseUrl: mocks.analytics.url, apiKey: 'packaging-check-key' });
    const website = await analytics.websites.get(42);
    let refused = null;
    try {
      await analytics.websites.list({ per_page: 20 });
    } catch (error) {
      refused = error.name;
    }
    console.log(JSON.stringify({
      factories: [typeof client.createAnalyticsClient, typeof client.createMarketplaceClient],
      typesHasNoRuntimeExports: Object.keys(types).length,
      websiteHasId: website.id !== undefined,
      refused,
    }));
  } finally {
    await mocks.close();
  }
})().catch((error) => { console.error(error); process.exit(1); });
`,
    );
    expect(output).toMatchObject({
      factories: ['function', 'function'],
      typesHasNoRuntimeExports: 0,
      websiteHasId: true,
    });
    // per_page 20 is not allowed by the spec: refused before it leaves the process.
    expect((output as { refused: string | null }).refused).toMatch(/Error$/);
  });

  it('type-check from ESM and CommonJS TypeScript', () => {
    const body = `
import type { PerPage, StatsQuery, Purchase } from '@tallyport/types';
import { createAnalyticsClient } from '@tallyport/client';
const perPage: PerPage = 25;
// @ts-expect-error 20 is not an allowed page size
const wrong: PerPage = 20;
const query: StatsQuery = { name: 'browser', from: '2026-10-01', to: '2026-10-31', per_page: perPage };
const supportedUntil: Purchase['supported_until'] = undefined;
export const use = () => createAnalyticsClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }).stats.get(42, query);
export { wrong, supportedUntil };
`;
    writeFileSync(join(project, 'check-esm.mts'), body);
    writeFileSync(join(project, 'check-cjs.cts'), body);
    const result = runIn(project, tsc, [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      'check-esm.mts',
      'check-cjs.cts',
    ]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it("run tallyport-contract against its embedded mock, with the specs it ships (not the repository's)", () => {
    const result = runIn(project, join(project, 'node_modules', '.bin', 'tallyport-contract'), [
      '--api',
      'marketplace',
      '--json',
      'contract-report.json',
    ]);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(project, 'contract-report.json'), 'utf8'));
    expect(report).toMatchObject({
      tool: 'tallyport-contract',
      exitCode: 0,
      apis: [{ api: 'marketplace', mock: true }],
    });
  });

  it('run tallyport-contract --help from the installed tarball', () => {
    const result = runIn(project, join(project, 'node_modules', '.bin', 'tallyport-contract'), ['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: tallyport-contract');
  });
});
