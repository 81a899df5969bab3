import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../src/checks/judging/types.js';
import type { Exchange } from '../src/transport/transport.js';
import { summaryText } from '../src/report/console.js';
import { caseDurations } from '../src/report/durations.js';
import { junitReport } from '../src/report/junit.js';
import type { RunResult } from '../src/report/result.js';

type Verdict = Extract<CaseResult, { status: 'fail' | 'warn' }>;

const misordered = (index: number): Verdict => ({
  status: 'fail',
  title: `listWebsites sort=desc sort_by=f${index}`,
  reason: 'rows out of order',
  kind: 'misordered',
  basis: 'specified',
  severity: 'error',
  operationId: 'listWebsites',
  expected: 'rows in descending order',
  actual: `rows out of order\nHTTP 200 (application/json) {"data":[${index}]}`,
  curl: `curl 'http://x/${index}'`,
  exchangeIds: [100 + index],
  steps: [{ exchangeId: 100 + index, title: 't', got: 'g', curl: `curl 'http://x/${index}'` }],
});

const lostUpdate: CaseResult = {
  status: 'fail',
  title: 'updateWebsite privacy=0: reads back',
  reason: 'privacy reads 1',
  kind: 'write-lost',
  basis: 'specified',
  severity: 'error',
  operationId: 'getWebsite',
  expected: 'privacy 0, as updated',
  actual: 'privacy reads 1\nHTTP 200 (application/json) {"privacy":1}',
  curl: "curl -X GET 'http://x/websites/9'",
  exchangeIds: [2, 1],
  steps: [
    {
      exchangeId: 1,
      title: 'updateWebsite privacy=0',
      got: 'HTTP 200 {"privacy":0}',
      curl: "curl -X PUT 'http://x/9'",
    },
    { exchangeId: 2, title: 'getWebsite id=9', got: 'HTTP 200 {"privacy":1}', curl: "curl -X GET 'http://x/9'" },
  ],
};

const convention: Verdict = {
  ...misordered(0),
  status: 'warn',
  severity: 'warning',
  basis: 'convention',
  kind: 'accepted-invalid',
  operationId: 'getStats',
  title: 'getStats per_page=7',
  expected: 'a refusal of a value outside the enum',
};

function run(cases: CaseResult[], check = 'sort_order'): RunResult {
  return {
    runId: 'r1',
    seed: 3,
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 2000,
    requestCount: 20,
    interrupted: false,
    strict: false,
    incomplete: [],
    exitCode: 1,
    apis: [
      {
        api: 'analytics',
        target: 'http://127.0.0.1:1',
        mock: false,
        observations: [],
        notes: [],
        leftovers: [],
        cases: { sent: 20, dropped: {}, interrupted: 0 },
        checks: [{ api: 'analytics', check, description: 'd', status: 'fail', reason: 'r', cases }],
      },
    ],
  };
}

describe('failures in the console summary', () => {
  const sixteen = Array.from({ length: 16 }, (_, index) => misordered(index));

  it('are grouped by check, operation and kind, with a count and the first three', () => {
    const text = summaryText(run(sixteen), { colour: false });
    expect(text).toContain('Failures: the source documentation decides these (16 cases in 1 group)');
    expect(text).toContain('✗ [analytics] sort_order › listWebsites: misordered (16 cases, 3 shown)');
    expect(text.match(/curl: /g)).toHaveLength(3);
    expect(text).toContain('… 13 more (listWebsites sort=desc sort_by=f3; listWebsites sort=desc sort_by=f4;');
    expect(text).toContain('--verbose lists them all');
  });

  it('are all listed with --verbose', () => {
    const text = summaryText(run(sixteen), { colour: false, verbose: true });
    expect(text.match(/curl: /g)).toHaveLength(16);
    expect(text).not.toContain('more (');
  });

  it('show every request a verdict rests on, in replay order, each with its curl', () => {
    const text = summaryText(run([lostUpdate], 'stored_as_sent'), { colour: false });
    const update = text.indexOf('1. updateWebsite privacy=0');
    const read = text.indexOf('2. getWebsite id=9');
    expect(update).toBeGreaterThan(0);
    expect(read).toBeGreaterThan(update);
    expect(text.indexOf("curl: curl -X PUT 'http://x/9'")).toBeGreaterThan(update);
    expect(text.indexOf("curl: curl -X GET 'http://x/9'")).toBeGreaterThan(read);
  });

  it('show warnings apart, marked as conventions that --strict would fail', () => {
    const text = summaryText(run([convention]), { colour: false });
    expect(text).toContain('Warnings: conventions that did not hold (they fail the run with --strict) (1 case');
    expect(text).toContain('! [analytics] sort_order › getStats: accepted-invalid (1 case)');
    expect(text).toContain('conv: a refusal of a value outside the enum');
  });

  it('never print a deployment character that acts on a terminal', () => {
    const hostile = { ...misordered(1), title: 'x\u001b]52;c;Y3VybA==\u0007\r\n::error::owned', reason: 'a\u202eb' };
    const text = summaryText(run([hostile]), { colour: false });
    expect(text).toContain('x\\x1b]52;c;Y3VybA==\\x07\\r\\n::error::owned');
    expect(text).toContain('got:  a\\u202eb');
    expect(text.split('\n').some((line) => line.startsWith('::'))).toBe(false);
  });
});

describe('JUnit', () => {
  const exchange = (id: number, title: string, durationMs: number, startedAt = 0): Exchange => ({
    id,
    template: {
      api: 'analytics',
      operationId: 'listWebsites',
      method: 'GET',
      baseUrl: 'http://x',
      path: '/',
      query: [],
      headers: [],
      label: title,
    },
    attempts: 1,
    startedAt,
    durationMs,
  });

  it('gives each testcase the time during which the requests its cases judged were under way', () => {
    const result = run([{ status: 'pass', title: 'listWebsites sort=asc' }, misordered(7), misordered(8)]);
    const durations = caseDurations(
      new Map([
        [
          'analytics',
          [
            exchange(1, 'listWebsites sort=asc', 250, 0),
            exchange(107, 'other', 1500, 1000),
            // Overlapping the one before: counted once.
            exchange(108, 'other', 500, 2000),
          ],
        ],
      ]),
    );
    expect(junitReport(result, durations)).toContain('name="sort_order › listWebsites" time="1.750"');
  });

  it('uses the duration the engine records on a case when there is one', () => {
    const timed = { status: 'pass', title: 'listWebsites sort=asc', durationMs: 42 } as CaseResult;
    expect(junitReport(run([timed]), caseDurations(new Map()))).toContain('time="0.042"');
  });

  it('stays small on a passing run: one testcase per check and operation, whatever the number of cases', () => {
    const passes = Array.from(
      { length: 500 },
      (_, index): CaseResult => ({
        status: 'pass',
        title: `listWebsites per_page=${index}`,
      }),
    );
    const xml = junitReport({ ...run(passes), exitCode: 0 });
    expect(xml.match(/<testcase /g)).toHaveLength(1);
    expect(xml.length).toBeLessThan(1000);
  });
});
