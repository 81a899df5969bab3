import { describe, expect, it } from 'vitest';
import { checkLine, summaryText } from '../src/report/console.js';
import { jsonReport } from '../src/report/json.js';
import { junitReport } from '../src/report/junit.js';
import { CHECKS } from '../src/registry/index.js';
import { summarise } from '../src/run/contract.js';
import type { RunResult } from '../src/report/result.js';
import { MOCK_REASON } from '../src/checks/judging/related.js';

const result: RunResult = {
  runId: '20261122-abcdef',
  seed: 7,
  incomplete: [],
  startedAt: '2026-11-22T02:00:00.000Z',
  durationMs: 1234,
  requestCount: 12,
  interrupted: false,
  strict: false,
  exitCode: 1,
  apis: [
    {
      api: 'marketplace',
      target: 'http://127.0.0.1:1',
      mock: false,
      observations: ['HTTP status of 错误 answers: 404 ×1'],
      leftovers: [],
      cases: { sent: 12, dropped: {}, interrupted: 0 },
      notes: [],
      checks: [
        {
          api: 'marketplace',
          check: 'documented_error_messages',
          description: 'd',
          status: 'fail',
          reason: '1 of 2 cases failed',
          cases: [
            { title: 'account details', status: 'pass' },
            {
              title: 'item <7> & "x"',
              status: 'fail',
              reason: 'msg "Item not found"',
              expected: 'msg "未找到任何商品"',
              actual: 'msg "Item not found"',
              curl: "curl -sS 'http://x'",
              kind: 'wrong-message',
              basis: 'specified',
              severity: 'error',
              operationId: 'getItem',
              exchangeIds: [3],
              steps: [
                { exchangeId: 3, title: 'item <7> & "x"', got: 'msg "Item not found"', curl: "curl -sS 'http://x'" },
              ],
            },
          ],
        },
        {
          api: 'marketplace',
          check: 'sort_order',
          description: 'd',
          status: 'skip',
          reason: 'static examples',
          cases: [{ title: 'p', status: 'skip', reason: 'static examples' }],
        },
      ],
    },
  ],
};

/** A run of one API on the Prism mock: `onPrism` checks skipped for its examples, one skipped for another reason. */
function prismRun(onPrism: number): RunResult {
  const skipped = (check: string, reason: string) => ({
    api: 'analytics' as const,
    check,
    description: 'd',
    status: 'skip' as const,
    reason,
    cases: [{ title: check, status: 'skip' as const, reason }],
  });
  return {
    ...result,
    exitCode: 0,
    apis: [
      {
        ...result.apis[0]!,
        api: 'analytics',
        mock: true,
        embeddedMock: 'prism',
        checks: [
          ...['sort_order', 'filter_effect', 'write_round_trip']
            .slice(0, onPrism)
            .map((check) => skipped(check, MOCK_REASON)),
          skipped('echoed_fields', 'no answer echoes a request value'),
        ],
      },
    ],
  };
}

describe('reporters', () => {
  it('JUnit has one testcase per check and operation, and escapes XML', () => {
    const xml = junitReport(result);
    expect(xml).toContain('<testsuites name="tallyport-contract" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('name="documented_error_messages › getItem"');
    expect(xml).toContain('<failure message="1 of 1 cases failed (wrong-message)" type="wrong-message">');
    expect(xml).toContain('item &lt;7&gt; &amp; "x"');
    expect(xml).toContain('<skipped message="static examples"/>');
    expect(xml).toContain('curl: curl -sS');
  });

  it('JSON carries the whole result with a report version', () => {
    const parsed = JSON.parse(jsonReport(result));
    expect(parsed.reportVersion).toBe(1);
    expect(parsed.apis[0].checks[0].cases[1].curl).toBe("curl -sS 'http://x'");
  });

  it('the console summary shows spec, answer, curl and the verdict', () => {
    const text = summaryText(result, { colour: false });
    expect(text).toContain('spec: msg "未找到任何商品"');
    expect(text).toContain('got:  msg "Item not found"');
    expect(text).toContain("curl: curl -sS 'http://x'");
    expect(text).toContain('skipped sort_order: static examples');
    expect(text).toContain('violations found (exit 1)');
    expect(checkLine(result.apis[0]!.checks[0]!, { colour: true })).toContain('\u001b[31m');
  });

  it('shows cases cut short by an interrupt as interrupted, never as failed', () => {
    const check = summarise('analytics', CHECKS[0]!, [
      { status: 'skip', title: 'a', reason: 'static examples' },
      { status: 'interrupted', title: 'b', reason: 'the run was interrupted before an answer came' },
    ]);
    expect(check.status).toBe('interrupted');
    expect(checkLine(check, { colour: false })).toContain('1 skip, 1 interrupted');
    const xml = junitReport({ ...result, apis: [{ ...result.apis[0]!, checks: [check] }] });
    expect(xml).toContain('failures="0" errors="0" skipped="1"');
  });

  it("says once how many checks the Prism mock's examples left unjudged, and the command that runs them", () => {
    const text = summaryText(prismRun(3), { colour: false, command: 'pnpm contract' });
    const hints = text.split('\n').filter((line) => line.includes('--mock stateful'));
    expect(hints).toEqual([
      `3 checks skipped as ${MOCK_REASON}; pnpm contract --mock stateful runs them on the stateful mock, ` +
        'writes included',
    ]);
    expect(text).toContain('analytics · http://127.0.0.1:1 (embedded Prism mock)');
    expect(summaryText(prismRun(1), { colour: false })).toContain('1 check skipped as');
    expect(summaryText(prismRun(1), { colour: false })).toContain('tallyport-contract --mock stateful runs them');
  });

  it('names no command when nothing was skipped for the examples', () => {
    expect(summaryText(prismRun(0), { colour: false })).not.toContain('--mock stateful');
  });
});
