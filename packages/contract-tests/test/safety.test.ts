import { afterEach, describe, expect, it } from 'vitest';
import { runContract } from '../src/runner.js';
import { SafetyGuard, SafetyViolation } from '../src/http/safety.js';
import type { RequestTemplate } from '../src/http/request.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const template = (
  method: RequestTemplate['method'],
  path: string,
  form?: Array<[string, string]>,
): RequestTemplate => ({
  api: 'analytics',
  operationId: 'x',
  method,
  baseUrl: 'http://127.0.0.1:1',
  path,
  query: [],
  headers: [],
  ...(form ? { form } : {}),
  label: 'x',
});

describe('the safety guard', () => {
  const guard = new SafetyGuard(true, 'tallyport-contract-run1-');

  it('refuses to update or delete a website the run did not create', () => {
    expect(() => guard.assertAllowed(template('DELETE', '/api/v1/websites/3'))).toThrow(SafetyViolation);
    expect(() => guard.assertAllowed(template('PUT', '/api/v1/websites/3'))).toThrow(SafetyViolation);
  });

  it('allows writes to a website once the run created it', () => {
    guard.created.set('101', 'tallyport-contract-run1-x.example.com');
    expect(() => guard.assertAllowed(template('DELETE', '/api/v1/websites/101'))).not.toThrow();
  });

  it('creates only websites with the run domain', () => {
    expect(() => guard.assertAllowed(template('POST', '/api/v1/websites', [['domain', 'shop.example.com']]))).toThrow(
      SafetyViolation,
    );
    expect(() =>
      guard.assertAllowed(template('POST', '/api/v1/websites', [['domain', 'tallyport-contract-run1-a.example.com']])),
    ).not.toThrow();
  });

  it('refuses every write without --allow-writes', () => {
    const readOnly = new SafetyGuard(false, 'tallyport-contract-run2-');
    expect(() =>
      readOnly.assertAllowed(
        template('POST', '/api/v1/websites', [['domain', 'tallyport-contract-run2-a.example.com']]),
      ),
    ).toThrow(/--allow-writes/);
    expect(() => readOnly.assertAllowed(template('GET', '/api/v1/websites'))).not.toThrow();
  });
});

describe('a run against a deployment', () => {
  it('never writes to websites it did not create, even when given one to read', async () => {
    fake = await startFakeDeployment();
    const before = fake.domains();
    const foreign = new Set(fake.websites().map((website) => String(website.id)));
    const writes: string[] = [];
    fake.onRequest = (line) => {
      if (/^(PUT|DELETE) /.test(line)) writes.push(line);
    };
    const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], websiteId: '3' });
    expect(result.exitCode).toBe(0);
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((line) => foreign.has(/\/([^/]+)$/.exec(line)?.[1] ?? ''))).toEqual([]);
    expect(fake.domains()).toEqual(before);
  });

  it('makes no write at all without --allow-writes', async () => {
    fake = await startFakeDeployment();
    const writes: string[] = [];
    fake.onRequest = (line) => {
      if (!line.startsWith('GET ') && line.startsWith('POST /api/v1')) writes.push(line);
      if (/^(PUT|DELETE) /.test(line)) writes.push(line);
    };
    const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], allowWrites: false });
    expect(writes).toEqual([]);
    const lifecycle = result.apis[0]?.checks.find((check) => check.check === 'website_lifecycle');
    expect(lifecycle?.status).toBe('skip');
    expect(lifecycle?.reason).toContain('--allow-writes');
  });

  it('deletes what it created when interrupted in the middle of the lifecycle', async () => {
    fake = await startFakeDeployment();
    const before = fake.domains();
    const interrupt = new AbortController();
    fake.onRequest = (line) => {
      // By the first update, websites of the run exist on the deployment.
      if (line.startsWith('PUT /api/v1/websites/')) interrupt.abort();
    };
    const created: string[] = [];
    const previous = fake.onRequest;
    fake.onRequest = (line) => {
      previous?.(line);
      if (line === 'POST /api/v1/websites') created.push(line);
    };
    const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], signal: interrupt.signal });
    expect(created.length).toBeGreaterThan(0);
    expect(result.interrupted).toBe(true);
    expect(result.exitCode).toBe(2);
    expect(result.apis[0]?.leftovers).toEqual([]);
    expect(fake.domains()).toEqual(before);
  });

  it('reports a website it could not delete instead of hiding it', async () => {
    fake = await startFakeDeployment({ faults: ['analytics-delete-keeps'] });
    const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], only: ['website_lifecycle'] });
    expect(result.apis[0]?.leftovers.length).toBeGreaterThan(0);
    expect(result.apis[0]?.leftovers.join(' ')).toContain('tallyport-contract-');
  });
});
