// baseline_drift on recorded exchanges: a baseline is taken of one set of answers (observed, written as the overlay
// file's text, read back with its lines), then another set is judged against it. A pinned point that no longer holds
// fails, naming the file's line; one the run did not observe is skipped; one that holds passes.
import { describe, expect, it } from 'vitest';
import { baselineDrift } from '../../src/checks/baseline-drift.js';
import { baselineActions, baselineOverlay, baselineText } from '../../src/baseline/overlay-write.js';
import { apiBaseline, parseBaseline } from '../../src/baseline/overlay-read.js';
import { observePoints } from '../../src/observations/observe.js';
import { specModels } from '../../src/spec/models.js';
import type { RecordedRun } from '../../src/checks/judging/types.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const FILE = 'tallyport.baseline.yaml';
const SHOP = { id: 42, domain: 'shop.lunaria.cn' };
const invalid = { family: 'negative' as const, expect: 'refusal' as const, rule: 'outside the enum' };
const missing = { family: 'auth' as const, auth: 'missing' as const, expect: 'refusal' as const };

/** A deployment's answers: a list, a refused page size and a request without a key, each as `change` says. */
function answers(change: { refused?: number; error?: object; list?: unknown; id?: unknown } = {}): Recorded[] {
  return [
    { operationId: 'listWebsites', status: 200, body: change.list ?? { data: [{ ...SHOP, id: change.id ?? 42 }] } },
    {
      operationId: 'listWebsites',
      values: { per_page: '37' },
      status: change.refused ?? 422,
      body: change.error ?? { message: 'The selected per page is invalid.', errors: { per_page: ['invalid'] } },
      case: invalid,
    },
    { operationId: 'listWebsites', status: 401, body: { message: 'Unauthenticated.' }, case: missing },
  ];
}

/** The baseline file a run of `recorded` writes, read back as a run given `--baseline` reads it. */
async function baselineOf(recorded: readonly Recorded[]) {
  const taken = recordedRun(recorded);
  const actions = baselineActions('analytics', specModels.analytics, observePoints(taken));
  const text = baselineText(baselineOverlay(actions, { runId: 'r', date: '2026-11-26' }, { analytics: '1' }));
  return { text, baseline: await apiBaseline(parseBaseline(text, FILE), 'analytics') };
}

async function judged(
  now: readonly Recorded[],
): Promise<{ results: ReturnType<typeof baselineDrift.judge>; text: string }> {
  const { text, baseline } = await baselineOf(answers());
  const run: RecordedRun = { ...recordedRun(now), baseline };
  return { results: baselineDrift.judge(run), text };
}

/** The line of the baseline's text where the action whose description holds `about` starts. */
const lineOf = (text: string, about: string): number =>
  text.split('\n').findIndex((line) => line.includes('description:') && line.includes(about));

describe('baseline_drift', () => {
  it('passes every pinned point the same answers hold', async () => {
    const { results } = await judged(answers());
    expect(results.length).toBeGreaterThan(4);
    expect(new Set(statuses(results))).toEqual(new Set(['pass']));
  });

  it('fails a refused value answered 400 where 422 was pinned, naming the line of the action', async () => {
    const { results, text } = await judged(answers({ refused: 400 }));
    const drift = verdictOf(results, 'fail');
    expect(drift).toMatchObject({ kind: 'baseline-drift', basis: 'baseline', severity: 'error' });
    expect(drift.title).toMatch(/^listWebsites: status of invalid-value \(tallyport\.baseline\.yaml:\d+\)$/);
    // The action starts the line before its description.
    expect(drift.expected).toBe(`HTTP 422, as ${FILE} pins at line ${lineOf(text, 'HTTP 422 for')}`);
    expect(drift.reason).toBe('HTTP 400');
    expect(drift.curl).toContain('per_page=37');
    // The 400's body is not pinned, so not judged; the 422's body was not observed.
    const skipped = results.filter((result) => result.status === 'skip').map((result) => result.title);
    expect(skipped).toEqual([expect.stringMatching(/^listWebsites: body of a refusal with HTTP 422 /)]);
  });

  it('fails a refusal whose body lost a member the baseline pins ({message} became {error})', async () => {
    const { results } = await judged(answers({ error: { error: 'invalid per_page', errors: {} } }));
    expect(verdictOf(results, 'fail').title).toContain('listWebsites: body of a refusal with HTTP 422');
  });

  it('fails records that moved out of the pinned envelope, and ids of another type', async () => {
    const bare = await judged(answers({ list: [SHOP] }));
    expect(verdictOf(bare.results, 'fail').title).toContain('listWebsites: where the records of a success sit');
    expect(verdictOf(bare.results, 'fail').reason).toBe('records under $');
    const text = await judged(answers({ id: '42' }));
    expect(verdictOf(text.results, 'fail').title).toContain('website id type');
    expect(verdictOf(text.results, 'fail').reason).toBe('ids of type string');
  });

  it('holds a refusal body that is not JSON to its media type alone', async () => {
    const text = { body: 'HTTP Token: Access denied.\n', contentType: 'text/plain; charset=utf-8' };
    const plain = answers().map((entry) => (entry.status === 401 ? { ...entry, ...text } : entry));
    const { baseline } = await baselineOf(plain);
    const held = baselineDrift.judge({ ...recordedRun(plain), baseline });
    expect(new Set(statuses(held))).toEqual(new Set(['pass']));
    const json = baselineDrift.judge({ ...recordedRun(answers()), baseline });
    expect(verdictOf(json, 'fail').title).toContain('listWebsites: body of a refusal with HTTP 401');
    expect(verdictOf(json, 'fail').expected).toMatch(/^text\/plain as the baseline's schema/);
  });

  it('skips a pinned point the run did not observe, and judges nothing without a baseline', async () => {
    const { results } = await judged(answers().slice(0, 1));
    expect(results.find((result) => result.title.startsWith('listWebsites: status of missing-key'))).toMatchObject({
      status: 'skip',
      reason: 'the run observed nothing of it',
    });
    expect(baselineDrift.judge(recordedRun(answers()))).toMatchObject([{ status: 'skip' }]);
  });
});
