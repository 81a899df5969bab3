// The conventions a baseline pins, on verdicts built in the test: which held, and a warning of a pinned one turned
// into a failure naming the baseline's line, unless it rests on the run's writes (which come and go with timing).
import { describe, expect, it } from 'vitest';
import { conventionPoints, holdConventions, type JudgedCheck } from '../src/baseline/conventions.js';
import type { Pin } from '../src/baseline/types.js';
import type { CaseResult } from '../src/checks/judging/types.js';
import { answersOf } from './checks/recorded.js';

const OPERATIONS = ['listWebsites', 'getWebsite'];
const [list, written, unavailable] = answersOf([
  { operationId: 'listWebsites', status: 200, body: { data: [] }, contentType: 'text/html' },
  { operationId: 'listWebsites', status: 200, body: { data: [] }, case: { family: 'write', step: 'find' } },
  { operationId: 'listWebsites', status: 503, body: 'Service Unavailable' },
]);

/** A warning of content_type_conformance resting on `answer`. */
const warning = (exchangeId: number): CaseResult => ({
  status: 'warn',
  title: 'listWebsites',
  reason: 'Content-Type text/html',
  kind: 'wrong-content-type',
  basis: 'convention',
  severity: 'warning',
  operationId: 'listWebsites',
  expected: 'Content-Type application/json for 2XX',
  actual: 'Content-Type text/html',
  exchangeIds: [exchangeId],
  steps: [],
});

const pin: Pin = {
  point: 'conventions',
  operationId: 'listWebsites',
  checks: ['content_type_conformance'],
  evidence: [],
  line: 12,
};

describe('the conventions of a baseline', () => {
  it('are the checks that judged an operation with a pass and no warning', () => {
    const judged: JudgedCheck[] = [
      { check: 'content_type_conformance', cases: [{ status: 'pass', title: 'listWebsites' }] },
      {
        check: 'status_code_conformance',
        cases: [{ status: 'pass', title: 'getWebsite id=1' }, warning(list!.exchange.id)],
      },
      { check: 'sort_order', cases: [{ status: 'skip', title: 'listWebsites', reason: 'nothing sorted' }] },
    ];
    expect(conventionPoints(judged, OPERATIONS, [list!, written!])).toEqual([
      { point: 'conventions', operationId: 'listWebsites', checks: ['content_type_conformance'], evidence: [] },
      { point: 'conventions', operationId: 'getWebsite', checks: ['status_code_conformance'], evidence: [] },
    ]);
  });

  it("are pinned whatever warned on an answer that said nothing (a gateway's 503) or on the run's writes", () => {
    const judged: JudgedCheck[] = [
      {
        check: 'not_a_server_error',
        cases: [
          { status: 'pass', title: 'listWebsites' },
          warning(unavailable!.exchange.id),
          warning(written!.exchange.id),
        ],
      },
    ];
    expect(conventionPoints(judged, OPERATIONS, [list!, written!, unavailable!])).toEqual([
      { point: 'conventions', operationId: 'listWebsites', checks: ['not_a_server_error'], evidence: [] },
    ]);
  });

  it("turn a pinned convention's warning into a failure naming the line, but one on the run's writes", () => {
    const judged: JudgedCheck[] = [
      { check: 'content_type_conformance', cases: [warning(list!.exchange.id), warning(written!.exchange.id)] },
    ];
    const [verdict] = holdConventions(judged, [pin], 'b.yaml', [list!, written!], OPERATIONS);
    expect(verdict).toMatchObject({ status: 'drifted', seen: 'Content-Type text/html' });
    expect(judged[0]!.cases.map((entry) => entry.status)).toEqual(['fail', 'warn']);
    expect(judged[0]!.cases[0]).toMatchObject({ basis: 'baseline', severity: 'error' });
    expect((judged[0]!.cases[0] as { expected: string }).expected).toContain('b.yaml pins it at line 12');
  });

  it('hold where the pinned checks pass, and are not observed where they did not judge the operation', () => {
    const passing: JudgedCheck[] = [
      { check: 'content_type_conformance', cases: [{ status: 'pass', title: 'listWebsites' }] },
    ];
    expect(holdConventions(passing, [pin], 'b.yaml', [], OPERATIONS)).toMatchObject([{ status: 'held' }]);
    expect(holdConventions([], [pin], 'b.yaml', [], OPERATIONS)).toMatchObject([{ status: 'unobserved' }]);
  });
});
