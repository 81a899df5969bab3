// Baselines end to end. Fault injection: a baseline is taken of the fake deployment, then one point it pins is
// changed (a 422 becomes a 400, `{message}` becomes `{error}`, the key of one operation, or of all, moves to a
// header, the list loses its envelope, ascending text comes descending, a JSON list comes as text/html, ids become
// strings) and the run, given the baseline, fails on drift by default, naming the baseline's line. Honest
// deployments: a baseline of each of a few, taken twice, is the same file, and a run held to it exits 0 (the
// lagging replica and the eventually consistent search included). `pnpm test` runs the drift test/tiers.ts
// names; CI's `pnpm test:deployments` the other drifts and the baselines taken twice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpecFromText } from '@tallyport/spec-model';
import { apiBaseline, readBaseline } from '../src/baseline/overlay-read.js';
import { API_NAMES } from '../src/spec/models.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { jsonReport } from '../src/report/json.js';
import { reportSchema } from '../src/report/report-schema.js';
import { runContract } from '../src/run/contract.js';
import { IN_PROCESS_TIMEOUT_MS, runAndJudge } from './recorded/run-and-judge.js';
import { takeBaseline } from '../src/run/take-baseline.js';
import type { RunResult } from '../src/report/result.js';
import type { FakeDeploymentOptions, Reply } from './fake-deployment/server.js';
import { runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';
import { runOptionsFor as honestOptions, startHonestDeployment } from './honest-deployments/server.js';
import { failureReport } from './honest-deployments/honest-runs.js';
import { isThrottled } from './honest-deployments/throttle.js';
import { VARIANT_NAMES, VARIANTS, type VariantName } from './honest-deployments/variants.js';
import { casesOfDeploymentsOnly, casesOfThisTierNamed, runsTestsBesideTheSweep } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

const folder = mkdtempSync(join(tmpdir(), 'tallyport-baseline-'));
const FILE = join(folder, 'tallyport.baseline.yaml');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const validReport = ajv.compile(reportSchema);
/** What the JSON report schema finds wrong in a run's report (its drift section included). */
const reportProblems = (result: RunResult): unknown[] =>
  validReport(JSON.parse(jsonReport(result))) ? [] : (validReport.errors ?? []).slice(0, 3);

/** The drifted points of a run, as `api subject`. */
const drifted = (result: RunResult): string[] =>
  result.apis.flatMap((api) => (api.drift?.drifted ?? []).map((entry) => `${api.api} ${entry.subject}`));

/** Each member of a JSON object body renamed, deep in nothing else. */
function renamed(reply: Reply, from: string, to: string): Reply {
  const body = reply.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(from in body)) return reply;
  const { [from]: value, ...rest } = body;
  return { ...reply, body: { ...rest, [to]: value } };
}

/** A body with every website id written as a string. */
function stringIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringIds);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, inner]) => [
    key,
    key === 'id' && typeof inner === 'number' ? String(inner) : stringIds(inner),
  ]);
  return Object.fromEntries(entries);
}

const LIST = /^\/api\/v1\/websites\/?$/;

/** One point changed, the run it is seen by, and the drift it must show. */
const FAULTS: ReadonlyArray<{
  name: string;
  api: 'analytics' | 'marketplace';
  fake: FakeDeploymentOptions;
  drift: RegExp;
}> = [
  {
    name: 'a refused value answered 400 where 422 was pinned',
    api: 'analytics',
    fake: { reshape: (reply) => (reply.status === 422 ? { ...reply, status: 400 } : reply) },
    drift: /^analytics listWebsites: status of invalid-value$/,
  },
  {
    name: 'refusals whose {message} became {error}',
    api: 'analytics',
    fake: { reshape: (reply) => (reply.status >= 400 ? renamed(reply, 'message', 'error') : reply) },
    drift: /^analytics listWebsites: body of a refusal with HTTP 401$/,
  },
  {
    name: 'the key of the purchase validation moved from the form body to a header',
    api: 'marketplace',
    fake: { marketplaceKeyHeader: 'X-API-Key', marketplaceKeyHeaderPath: '/api/purchases/validation' },
    drift: /^marketplace validatePurchase: where the key is read$/,
  },
  {
    name: 'the key of every operation moved from the query (and the form body) to a header',
    api: 'marketplace',
    fake: { marketplaceKeyHeader: 'X-API-Key' },
    drift: /^marketplace listItems: where the key is read$/,
  },
  {
    name: 'the list answered as a bare array where {data, links, meta} was pinned',
    api: 'analytics',
    fake: {
      reshape: (reply, request, api) =>
        api === 'analytics' && request.method === 'GET' && LIST.test(request.path) && reply.status === 200
          ? { ...reply, body: (reply.body as { data: unknown }).data }
          : reply,
    },
    drift: /^analytics listWebsites: where the records of a success sit$/,
  },
  {
    name: 'domains sorted ascending answered in descending order',
    api: 'analytics',
    fake: {
      reshape: (reply, request, api) => {
        const ascending = request.query.get('sort_by') === 'domain' && request.query.get('sort') === 'asc';
        if (api !== 'analytics' || !LIST.test(request.path) || !ascending || reply.status !== 200) return reply;
        const body = reply.body as { data: unknown[] };
        return { ...reply, body: { ...body, data: [...body.data].reverse() } };
      },
    },
    drift: /^analytics listWebsites: how text is ordered$/,
  },
  {
    name: 'the list served as text/html where the conventions held (a JSON media type)',
    api: 'analytics',
    fake: {
      reshape: (reply, request, api) =>
        api === 'analytics' && request.method === 'GET' && LIST.test(request.path)
          ? { ...reply, contentType: 'text/html; charset=UTF-8' }
          : reply,
    },
    drift: /^analytics listWebsites: the conventions that held$/,
  },
  {
    name: 'website ids written as strings where integers were pinned',
    api: 'analytics',
    fake: {
      reshape: (reply, _request, api) => (api === 'analytics' ? { ...reply, body: stringIds(reply.body) } : reply),
    },
    drift: /^analytics website id type$/,
  },
];

const DRIFTS = 'a run given a baseline of the fake deployment';
const drifts = casesOfThisTierNamed(DRIFTS, FAULTS, (fault) => fault.name, REPRESENTATIVES.baselineDrifts);

describe(DRIFTS, () => {
  beforeAll(async () => {
    const fake = await startFakeDeployment();
    try {
      const taken = await takeBaseline(runOptionsFor(fake), FILE);
      expect(taken.result.exitCode).toBe(0);
      expect(taken.changed).toBe(true);
    } finally {
      await fake.close();
    }
  }, 300_000);

  // What the baseline stands on, checked once: in `pnpm test`.
  if (runsTestsBesideTheSweep()) {
    it('passes against the same deployment, every pinned point held, and holds no key', async () => {
      const fake = await startFakeDeployment();
      try {
        const result = await runContract({ ...runOptionsFor(fake), baseline: FILE });
        expect(drifted(result)).toEqual([]);
        expect(result.exitCode).toBe(0);
        const text = readFileSync(FILE, 'utf8');
        for (const key of Object.values(fake.keys)) expect(text).not.toContain(key);
      } finally {
        await fake.close();
      }
    }, 300_000);

    it('overlays specs that pass the same lint as the specs, and that the spec model loads', async () => {
      const checks = fileURLToPath(new URL('../../../tooling/spec-checks/', import.meta.url));
      const overlaidSpecs: string[] = [];
      for (const api of API_NAMES) {
        const { document } = await apiBaseline(readBaseline(FILE), api);
        const overlaid = join(folder, `${api}.overlaid.json`);
        writeFileSync(overlaid, JSON.stringify(document, null, 2));
        overlaidSpecs.push(overlaid);
        const loaded = await loadSpecFromText(JSON.stringify(document), api, overlaid);
        // Every status the baseline pins is a response of the overlaid spec.
        expect(
          loaded.model.operations.flatMap((operation) => operation.responses.map((response) => response.key)),
        ).toEqual(expect.arrayContaining(api === 'analytics' ? ['401', '422'] : ['200']));
      }
      // Each script takes every overlaid spec in one process (and fails if any one fails), as it takes the specs.
      for (const script of ['scripts/lint-redocly.mjs', 'scripts/validate-oas.mjs'])
        execFileSync(process.execPath, [script, ...overlaidSpecs], { cwd: checks, stdio: 'pipe' });
    });
  }

  it.concurrent.each(drifts.map((fault) => [fault.name, fault] as const))(
    'fails on drift by default: %s',
    async (_, fault) => {
      const fake = await startFakeDeployment(fault.fake);
      try {
        const { live: result, judged } = await runAndJudge({
          ...runOptionsFor(fake),
          apis: [fault.api],
          baseline: FILE,
        });
        expect(drifted(result)).toContainEqual(expect.stringMatching(fault.drift));
        // The same traffic, judged from its HAR against the baseline (judge --baseline), drifts the same way.
        expect(drifted(judged)).toContainEqual(expect.stringMatching(fault.drift));
        expect(judged.exitCode).toBe(1);
        // The failure (of baseline_drift, or of the check whose pinned convention broke) names the line of the
        // baseline that pins the point, and the line is that action's.
        const failure = result.apis[0]!.checks.flatMap((entry) => entry.cases).find(
          (entry) => entry.status === 'fail' && entry.basis === 'baseline',
        );
        expect(failure).toBeDefined();
        const line = Number(/pins (?:it )?at line (\d+)/.exec(failure?.status === 'fail' ? failure.expected : '')?.[1]);
        expect(readFileSync(FILE, 'utf8').split('\n')[line - 1]).toMatch(/^ {2}- target: \$/);
        expect(result.exitCode).toBe(1);
        expect(reportProblems(result)).toEqual([]);
      } finally {
        await fake.close();
      }
    },
    300_000,
  );
});

/** A few of the honest deployments: Laravel, a lagging replica, an eventually consistent search, JSend at HTTP 200. */
const HONEST: readonly VariantName[] = [
  'laravel-resource',
  'express-replica-cors',
  'rails-eventual-search',
  'slim-jsend-200',
];

/**
 * Every honest deployment that is not throttled (a throttled one waits minutes by design) with
 * TALLYPORT_BASELINE_ALL=1; the suite runs the few above.
 */
const ALL = process.env.TALLYPORT_BASELINE_ALL === '1';
const chosen: readonly VariantName[] = ALL ? VARIANT_NAMES.filter((name) => !isThrottled(VARIANTS[name])) : HONEST;
// Three runs each, and what they prove (a baseline of an honest deployment is stable) `pnpm test` sees in the run
// held to the fake's baseline above: they run in CI's `pnpm test:deployments` only.
const takenTwice = casesOfDeploymentsOnly(chosen);

// vitest fails a suite without a test.
if (takenTwice.length > 0)
  describe('baselines of honest deployments', () => {
    it.concurrent.each(takenTwice.map((name) => [name]))(
      '%s: taken twice is the same file, and a run held to it exits 0',
      async (name) => {
        const deployment = await startHonestDeployment(name);
        const file = join(folder, `${name}.baseline.yaml`);
        try {
          // The deployment answers in this process: a timeout could only measure how busy the machine is.
          const honest = honestOptions(deployment);
          const limits = { ...honest.limits, timeoutMs: IN_PROCESS_TIMEOUT_MS };
          const options = { ...honest, limits, log: () => {} };
          const first = await takeBaseline(options, file);
          expect(first.result.exitCode, failureReport(first.result, deployment)).toBe(0);
          const text = readFileSync(file, 'utf8');
          const second = await takeBaseline(options, file);
          // The file first: its diff shows what the second take saw otherwise.
          expect(readFileSync(file, 'utf8')).toBe(text);
          expect(second.changed, 'a second baseline of the same deployment changes nothing').toBe(false);
          const held = await runContract({ ...options, baseline: file });
          const evidence = JSON.stringify(held.apis.map((api) => api.drift?.drifted));
          expect(drifted(held), `what drifted, with the lines of ${file}: ${evidence}`).toEqual([]);
          expect(held.exitCode).toBe(0);
        } finally {
          await deployment.close();
          const ledger = honestOptions(deployment).ledgerFile;
          if (ledger) rmSync(ledger, { force: true });
        }
      },
      900_000,
    );
  });
