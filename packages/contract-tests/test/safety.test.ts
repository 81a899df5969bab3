import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestTemplate } from '../src/transport/request.js';
import { unsafePathSegment } from '@tallyport/http-policy';
import { SafetyGuard, SafetyViolation } from '../src/transport/safety.js';
import { DEFAULT_LIMITS, runContract } from '../src/run/contract.js';
import { STALL_AFTER } from '../src/transport/silence.js';
import { specModels } from '../src/spec/models.js';
import { cleanupLedger } from '../src/run/writes/cleanup.js';
import { Ledger } from '../src/run/writes/ledger.js';
import { type FakeDeployment, type HostileName, runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';
import { casesOfThisTierNamed, runsTestsBesideTheSweep } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

// `pnpm test` runs the create answers and the oversized bodies test/tiers.ts names; CI's `pnpm test:deployments`
// the others. The tests beside those two sweeps run in `pnpm test` only, so each test runs in one tier.

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const template = (
  operationId: string,
  method: RequestTemplate['method'],
  path: string,
  extra: Partial<RequestTemplate> = {},
): RequestTemplate => ({
  api: 'analytics',
  operationId,
  method,
  baseUrl: 'http://127.0.0.1:1',
  path,
  query: [],
  headers: [],
  label: 'x',
  ...extra,
});

const besideTheSweeps = runsTestsBesideTheSweep();

if (besideTheSweeps)
  describe('the safety guard', () => {
    const prefix = 'tallyport-contract-run1-';
    const guard = () => new SafetyGuard(true, prefix, specModels);

    it('refuses ids that are empty, dot segments, or hold a slash', () => {
      for (const id of ['', ' ', '.', '..', ' .. ', 'a/b', 'a\\b', 'x\n'])
        expect(unsafePathSegment(id), id).toBeDefined();
      for (const id of ['42', 'abc-1', '%2e']) expect(unsafePathSegment(id), id).toBeUndefined();
    });

    it('refuses an update or delete of a record the run did not create', () => {
      const put = template('updateWebsite', 'PUT', '/api/v1/websites/3', { pathValues: { id: '3' } });
      expect(() => guard().assertAllowed(put)).toThrow(SafetyViolation);
    });

    it('refuses a write to a record the run created until a read just before shows its domain', () => {
      const subject = guard();
      subject.own('analytics', 'website', '100', `${prefix}a.example.com`);
      const del = template('deleteWebsite', 'DELETE', '/api/v1/websites/100', { pathValues: { id: '100' } });
      expect(() => subject.assertAllowed(del)).toThrow(/no read just before/);
      expect(subject.verify('analytics', 'website', '100', 'someone-else.example.com')).toBe(false);
      expect(() => subject.assertAllowed(del)).toThrow(SafetyViolation);
      expect(subject.verify('analytics', 'website', '100', `${prefix}a.example.com`)).toBe(true);
      expect(() => subject.assertAllowed(del)).not.toThrow();
      // One verified read permits one write.
      expect(() => subject.assertAllowed(del)).toThrow(SafetyViolation);
    });

    it('creates only websites with the run domain, and nothing without --allow-writes', () => {
      const create = (domain: string) =>
        template('createWebsite', 'POST', '/api/v1/websites', { form: [['domain', domain]] });
      expect(() => guard().assertAllowed(create('shop.example.com'))).toThrow(SafetyViolation);
      expect(() => guard().assertAllowed(create(`${prefix}x.example.com`))).not.toThrow();
      const readOnly = new SafetyGuard(false, prefix, specModels);
      expect(() => readOnly.assertAllowed(create(`${prefix}x.example.com`))).toThrow(/--allow-writes/);
    });

    it('checks the final, normalised URL, not the path string', () => {
      const subject = guard();
      const sneaky = template('deleteWebsite', 'DELETE', '/api/v1/websites/..', { pathValues: { id: '..' } });
      expect(() => subject.assertAllowed(sneaky)).toThrow(/"\.\."/);
      const url = new URL('http://127.0.0.1:1/api/v1/websites/..');
      expect(() => subject.assertUrl(sneaky, url)).toThrow(SafetyViolation);
    });
  });

async function hostileRun(behaviour: HostileName, extra: Record<string, unknown> = {}) {
  fake = await startFakeDeployment({ hostile: [behaviour] });
  const foreign = new Set(fake.websites().map((website) => String(website.id)));
  const lines: string[] = [];
  fake.onRequest = (line) => lines.push(line);
  const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], ...extra });
  const writes = lines.filter((line) => /^(PUT|DELETE) /.test(line));
  const foreignWrites = writes.filter((line) => foreign.has(/\/websites\/([^/]+)$/.exec(line)?.[1] ?? ''));
  return { result, writes, foreignWrites, lines };
}

const runDomains = () => fake!.domains().filter((domain) => domain.startsWith('tallyport-contract-'));

/** Create answers that name no record of their own, each a way to aim the run's later writes elsewhere. */
const CREATE_ANSWERS: readonly HostileName[] = [
  'create-answers-dot-id',
  'create-answers-dotdot-id',
  'create-answers-no-id',
];
/** Answers larger than anyone should read, as sent and once inflated. */
const OVERSIZED_BODIES: readonly HostileName[] = ['huge-body', 'gzip-bomb'];
const createAnswersTitle = 'sends no write outside the created record when a create answers %s';
const createAnswers = casesOfThisTierNamed(
  createAnswersTitle,
  CREATE_ANSWERS,
  (behaviour) => behaviour,
  REPRESENTATIVES.safetyCreateAnswers,
);
const oversizedBodiesTitle = 'reads at most --max-response-bytes of a %s';
const oversizedBodies = casesOfThisTierNamed(
  oversizedBodiesTitle,
  OVERSIZED_BODIES,
  (behaviour) => behaviour,
  REPRESENTATIVES.safetyOversizedBodies,
);

describe('a run against a hostile deployment', () => {
  it.each(createAnswers)(createAnswersTitle, async (behaviour) => {
    const { writes } = await hostileRun(behaviour);
    expect(writes.filter((line) => !/^(PUT|DELETE) \/api\/v1\/websites\/\d{3,}$/.test(line))).toEqual([]);
    expect(runDomains()).toEqual([]);
  });

  it.each(oversizedBodies)(oversizedBodiesTitle, async (behaviour) => {
    const before = process.memoryUsage().rss;
    const { result } = await hostileRun(behaviour, {
      limits: { maxRequestsPerSecond: 0, maxResponseBytes: 1024 * 1024 },
    });
    expect(result.exitCode).toBe(2);
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });

  if (besideTheSweeps) {
    it('never writes to a foreign website a create answer names, and says so', async () => {
      const before = (await startFakeDeploymentDomains()).sort();
      const { result, foreignWrites } = await hostileRun('create-answers-foreign-id');
      expect(foreignWrites).toEqual([]);
      expect(
        fake!
          .domains()
          .filter((domain) => !domain.startsWith('tallyport-contract-'))
          .sort(),
      ).toEqual(before);
      const isolated = result.apis[0]?.checks.find((check) => check.check === 'write_isolated');
      expect(isolated?.cases.some((entry) => entry.status === 'fail' && entry.kind === 'foreign-record')).toBe(true);
      // The real records were found by their domain and deleted.
      expect(runDomains()).toEqual([]);
    });

    it('reports what a failing delete left, and the ledger lets cleanup remove it later', async () => {
      const ledgerFile = join(mkdtempSync(join(tmpdir(), 'tallyport-ledger-')), 'ledger.jsonl');
      const { result } = await hostileRun('delete-500', { ledgerFile });
      expect(result.apis[0]?.leftovers.length).toBeGreaterThan(0);
      expect(new Ledger(ledgerFile).outstanding().length).toBe(result.apis[0]?.leftovers.length);
      // Once deletes work again, cleanup removes exactly what the ledger holds.
      fake!.behave([]);
      const cleaned = await cleanupLedger('analytics', ledgerFile, {
        baseUrl: fake!.analyticsUrl,
        apiKey: fake!.keys.analytics,
      });
      expect(cleaned.left).toEqual([]);
      expect(cleaned.removed).toBe(result.apis[0]?.leftovers.length);
      expect(runDomains()).toEqual([]);
      expect(new Ledger(ledgerFile).outstanding()).toEqual([]);
    });

    it.each(['rate-limit-storm', 'unavailable-storm'] as const)(
      'does not mistake a %s for refusals and ends as a connectivity problem',
      async (behaviour) => {
        const { result, lines } = await hostileRun(behaviour, {
          limits: { maxRequestsPerSecond: 0, maxRetryAfterMs: 10 },
        });
        expect(result.exitCode).toBe(2);
        expect(result.apis[0]?.configError).toMatch(/429|503|no answer|refused/);
        expect(lines.length).toBeLessThan(60);
      },
    );

    it('stops a run whose deployment stalls, within the timeouts', async () => {
      // Every request after the first is held for good, so the verdict does not depend on how soon the first answers.
      const { result, lines } = await hostileRun('stall-after-first', {
        limits: { maxRequestsPerSecond: 0, timeoutMs: 200 },
      });
      expect(result.exitCode).toBe(2);
      // Counted in requests, not in time: an operation waits out two timeouts in a row and those of its requests then
      // in flight, and its other requests are not sent; only cleanup (what is left) is sent regardless.
      const perOperation = STALL_AFTER + DEFAULT_LIMITS.concurrency - 1;
      const unanswered = lines.length - 1;
      expect(unanswered).toBeLessThanOrEqual(
        specModels.analytics.operations.length * perOperation + result.apis[0]!.leftovers.length,
      );
    });

    it('never shows a key the deployment echoes back, in any form', async () => {
      const { result } = await hostileRun('key-echo');
      const key = fake!.keys.analytics;
      const text = JSON.stringify(result);
      for (const form of [key, JSON.stringify(key).slice(1, -1), Buffer.from(key).toString('base64')])
        expect(text).not.toContain(form);
    });
  }
});

async function startFakeDeploymentDomains(): Promise<string[]> {
  const probe = await startFakeDeployment();
  const domains = probe.domains();
  await probe.close();
  return domains;
}

if (besideTheSweeps)
  describe('a run against an honest deployment', () => {
    it('makes no write at all without --allow-writes', async () => {
      fake = await startFakeDeployment();
      const lines: string[] = [];
      fake.onRequest = (line) => lines.push(line);
      const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], allowWrites: false });
      expect(lines.filter((line) => !line.startsWith('GET '))).toEqual([]);
      const stored = result.apis[0]?.checks.find((check) => check.check === 'stored_as_sent');
      expect(stored?.reason).toContain('--allow-writes');
    });

    it('starts no write after an interrupt and deletes what it created', async () => {
      fake = await startFakeDeployment();
      const before = fake.domains();
      const interrupt = new AbortController();
      const after: string[] = [];
      fake.onRequest = (line) => {
        if (interrupt.signal.aborted) after.push(line);
        if (line.startsWith('PUT /api/v1/websites/')) interrupt.abort();
      };
      const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], signal: interrupt.signal });
      expect(result.interrupted).toBe(true);
      expect(result.exitCode).toBe(2);
      expect(after.filter((line) => line.startsWith('POST ') || line.startsWith('PUT '))).toEqual([]);
      expect(result.apis[0]?.leftovers).toEqual([]);
      expect(fake.domains()).toEqual(before);
    });
  });
