// The request samples of the docs are true: every operation's page carries a
// curl and a TypeScript sample, every TypeScript sample compiles against the
// built @tallyport/client, and every curl sample, pointed at the Prism mock,
// gets a successful answer. Samples are made by the docs build from the specs.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningMocks, startMocks } from '@tallyport/contract-tests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeSamplesOf, defaultBaseUrl } from '../scripts/code-samples.mjs';
import { readSpecs } from '../scripts/read-specs.mjs';
import { distDir, docsDir, specsDir } from './paths.js';

const specs = await readSpecs(specsDir);
const cases = specs.flatMap((spec) =>
  [...codeSamplesOf(spec.model)].map(([operationId, samples]) => ({ spec, operationId, samples })),
);
const sample = (samples: { label: string; source: string }[], label: string): string => {
  const found = samples.find((entry) => entry.label === label);
  if (!found) throw new Error(`no ${label} sample`);
  return found.source;
};

function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { env, timeout: 300_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('request samples on the pages', () => {
  it.each(cases.map((entry) => [entry.operationId, entry] as const))(
    '%s shows a curl and a @tallyport/client sample',
    (_id, { spec, samples }) => {
      const html = readFileSync(join(distDir, `${spec.api}.html`), 'utf8');
      expect(samples.map((entry) => entry.label)).toEqual(['curl', '@tallyport/client']);
      for (const entry of samples) expect(html).toContain(JSON.stringify(entry.source).slice(1, -1));
    },
  );
});

describe('TypeScript samples', () => {
  it('every one compiles against the built @tallyport/client', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tallyport-samples-'));
    try {
      for (const { spec, operationId, samples } of cases) {
        await writeFile(join(dir, `${spec.api}-${operationId}.ts`), `${sample(samples, '@tallyport/client')}\n`);
      }
      const client = join(docsDir, '..', 'packages', 'client', 'dist', 'index.d.ts');
      const compilerOptions = {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: { '@tallyport/client': [client] },
      };
      // Each sample is a module of its own (it imports), so top-level await and `result` never clash.
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
      const tsc = join(docsDir, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false']);
      expect(result.stdout + result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('curl samples against the Prism mock', () => {
  let mocks: RunningMocks;
  beforeAll(async () => {
    mocks = await startMocks({ host: '127.0.0.1' });
  });
  afterAll(async () => {
    await mocks?.close();
  });

  it.each(cases.map((entry) => [entry.operationId, entry] as const))(
    '%s answers with a 2xx status',
    async (_id, { spec, samples }) => {
      const mock = mocks[spec.api];
      if (!mock) throw new Error(`no mock of ${spec.api}`);
      const curl = sample(samples, 'curl');
      const baseUrl = defaultBaseUrl(spec.model);
      expect(curl).toContain(baseUrl);
      // The reader's copy points at `pnpm mock`'s fixed port; this mock listens on a free one.
      const quiet = "--silent --show-error --output /dev/null --write-out '%{http_code}'";
      const command = `${curl.replace(baseUrl, mock.url.replace(/\/$/, ''))} ${quiet}`;
      const env = { PATH: process.env.PATH, ANALYTICS_API_KEY: 'sample-key-a', MARKETPLACE_API_KEY: 'sample-key-m' };
      // A POSIX shell, as a reader pasting into a terminal would use; no profile is read.
      const result = await run('/bin/sh', ['-c', command], env);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout, result.stderr).toMatch(/^2\d\d$/);
    },
  );
});
