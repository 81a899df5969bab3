// What every invariant of the state model shares. An invariant reads the
// timeline (timeline.ts) and gives findings: a verdict about one subject (a
// record's field, a query's walk) at one version of the model. A deployment
// may be slow to show a write (a replica, a search index: the source says
// nothing of timing), so the run observes a divergence again after a pause,
// and a subject is judged by its last view at that version: a fresher view
// that agrees with the model settles it. A divergence a request sequence
// showed is reported with the shortest sequence that still shows it, as the
// run shrank it (run/state/sequences.ts), numbered in the order to replay it.
import type { Answer } from '../../answers/answer.js';
import type { CaseFamily } from '../../cases/types.js';
import { evidenceStep, skip } from '../../checks/judging/evidence.js';
import { mockSkip } from '../../checks/judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from '../../checks/judging/types.js';
import type { SpecModel } from '@tallyport/spec-model/query';
import { type StateTimeline, timelineOf } from '../timeline.js';

export interface Finding {
  /** What is judged; the last finding of a subject at a version stands. */
  subject: string;
  version: number;
  result: CaseResult;
  /**
   * Another client's write may explain the divergence (a record it created shifting a page boundary): one look at
   * the same version that held the invariant settles it, since a fault in the deployment shows in every look.
   */
  churn?: boolean;
}

/** The families that send what invariants judge: the plain calls, reads of listed records, and the sequences. */
export const STATE_FAMILIES: readonly CaseFamily[] = ['baseline', 'derived', 'sequence'];

/** The sequence of the walks that first look at the state, before any write. */
export const INITIAL_SEQUENCE = '0';

/** The sequence a case belongs to: its own id, and the id of the sequence it replays (`3~2` replays `3`). */
export function sequenceOf(answer: Answer): { id: string; origin: string } | undefined {
  const tag = answer.case?.sequence;
  return tag ? { id: tag.id, origin: tag.id.split('~')[0]! } : undefined;
}

/** The answers of one sequence, in the order sent. */
const answersOf = (run: RecordedRun, id: string): Answer[] =>
  run.answers.filter((answer) => answer.case?.sequence?.id === id).sort((a, b) => a.exchange.id - b.exchange.id);

const commandsOf = (answers: readonly Answer[]): number =>
  new Set(answers.map((answer) => answer.case?.sequence?.command)).size;

/**
 * The answer of a sequence a failing finding rests on: the first of its evidence, or else the write it judges (a read
 * after the sequences, the cleanup's, may be the view that showed a sequence's write wrong).
 */
function failingAnswer(run: RecordedRun, result: CaseResult): Answer | undefined {
  if (result.status !== 'fail' && result.status !== 'warn') return undefined;
  const evidence = result.exchangeIds.flatMap((id) => run.answers.find((answer) => answer.exchange.id === id) ?? []);
  return evidence.find((answer) => answer.case?.sequence) ?? evidence[0];
}

/**
 * The last finding of each subject at each version: a fresher view settles what an earlier one showed; and any look
 * that held an invariant another client's write could have broken settles it.
 */
export function lastOfEach(findings: readonly Finding[]): Finding[] {
  const last = new Map<string, Finding>();
  const held = new Set<string>();
  for (const finding of findings) {
    const key = `${finding.version} ${finding.subject}`;
    if (finding.churn && finding.result.status === 'pass') held.add(key);
    if (held.has(key) && finding.result.status !== 'pass') continue;
    last.delete(key);
    last.set(key, finding);
  }
  return [...last.values()];
}

/**
 * The last finding of each subject at each version; then, per sequence, divergences seen while replaying it are
 * folded into the original one, which carries the shortest replay that showed its invariant again.
 */
export function settle(run: RecordedRun, findings: readonly Finding[], replayHint: string): CaseResult[] {
  const settled = lastOfEach(findings);
  const failing = (finding: Finding) => finding.result.status === 'fail' || finding.result.status === 'warn';
  /** Replays (by id) that showed a divergence of this invariant, per original sequence and per title in it. */
  const replays = new Map<string, Set<string>>();
  const add = (key: string, id: string) => replays.set(key, (replays.get(key) ?? new Set()).add(id));
  for (const finding of settled.filter(failing)) {
    const answer = failingAnswer(run, finding.result);
    const sequence = answer ? sequenceOf(answer) : undefined;
    if (!sequence || sequence.id === sequence.origin) continue;
    add(sequence.origin, sequence.id);
    add(`${sequence.origin} ${finding.result.title}`, sequence.id);
  }
  const results: CaseResult[] = [];
  const reported = new Set<string>();
  for (const finding of settled) {
    const answer = failingAnswer(run, finding.result);
    const sequence = answer ? sequenceOf(answer) : undefined;
    if (!failing(finding) || !sequence) {
      results.push(finding.result);
      continue;
    }
    // A replay's divergence is its original's: one verdict per original, with the shortest replay that showed it.
    const origin = sequence.origin;
    const initial = origin === INITIAL_SEQUENCE;
    // The replay that showed this very divergence again; else, after a write, any that showed the invariant's (the
    // first look's walks are independent: another walk's replay is no evidence of this one).
    const replayed = replays.get(`${origin} ${finding.result.title}`) ?? (initial ? [] : replays.get(origin)) ?? [];
    const shown = [...replayed].map((id) => answersOf(run, id));
    const shortest = shown.sort((a, b) => commandsOf(a) - commandsOf(b) || a.length - b.length)[0];
    const result = finding.result as Extract<CaseResult, { status: 'fail' | 'warn' }>;
    const own = answersOf(run, origin);
    // Unshrunk, a sequence still ends at the command that showed the divergence: what came after it cannot matter.
    const shownAt = answer?.case?.sequence?.command ?? Number.POSITIVE_INFINITY;
    const evidence =
      shortest ??
      (initial
        ? own.filter((step) => step.case?.sequence?.command === shownAt)
        : own.filter((step) => (step.case?.sequence?.command ?? 0) <= shownAt));
    const commands = commandsOf(own);
    const replayId = shortest?.[0]?.case?.sequence?.id ?? origin;
    // The first look at the state (sequence `0`) is many walks, each shrunk on its own: one verdict per divergent walk.
    // A warning never stands for a failure of the same kind: each is said once.
    const key = initial ? `${result.kind} ${origin} ${result.title}` : `${result.kind} ${result.status} ${origin}`;
    if (reported.has(key)) continue;
    reported.add(key);
    results.push({
      ...result,
      steps: evidence.map(evidenceStep),
      exchangeIds: [...new Set([...result.exchangeIds, ...evidence.map((step) => step.exchange.id)])],
      sequence: {
        id: replayId,
        commands: commandsOf(evidence),
        ...(commandsOf(evidence) < commands ? { shrunkFrom: commands } : {}),
        replay: `${replayHint} (sequence ${replayId})`,
      },
    });
  }
  // A pass is said once per title (every record that read as before after one write is one pass).
  const titles = new Set<string>();
  return results.filter((result) => {
    if (result.status !== 'pass') return true;
    if (titles.has(result.title)) return false;
    titles.add(result.title);
    return true;
  });
}

/**
 * A check's verdicts on the requests of a command sequence (a server error to a sequence's write) come with the
 * sequence, shrunk as an invariant's are; its other verdicts stay as they are.
 */
export function withSequences(run: RecordedRun, results: CaseResult[], name: string): CaseResult[] {
  const bySequence = new Set(
    results.filter((result) => {
      const answer = failingAnswer(run, result);
      return answer?.case?.sequence && answer.case.sequence.id !== INITIAL_SEQUENCE;
    }),
  );
  if (bySequence.size === 0) return results;
  const findings = [...bySequence].map((result, index) => ({ subject: `${name} ${index}`, version: 0, result }));
  const hint = `replay with --seed ${run.seed ?? '<the run seed>'} --only ${name}`;
  return [...results.filter((result) => !bySequence.has(result)), ...settle(run, findings, hint)];
}

/** An invariant of the state model: a check whose findings the run reads as it goes (to look again, to shrink). */
export interface StateCheck extends CheckDefinition {
  findings(run: RecordedRun): Finding[];
  /** The findings on a timeline already built (the run's, read as it goes). */
  findingsOn(run: RecordedRun, timeline: StateTimeline): Finding[];
  /** Whether the sequences must write to show what it judges (reads of records the run never wrote need not). */
  writes: boolean;
  /** Whether a view behind the writes could explain its divergence, so that the run looks again after a pause. */
  lags: boolean;
}

export const isStateCheck = (check: CheckDefinition): check is StateCheck =>
  typeof (check as Partial<StateCheck>).findings === 'function';

/** An invariant of the state model as a check: skipped on the embedded mock, judged from the timeline otherwise. */
export function stateCheck(
  name: string,
  description: string,
  options: {
    appliesTo?: (model: SpecModel) => boolean;
    nothingToJudge: string;
    findings: (run: RecordedRun, timeline: StateTimeline) => Finding[];
    /** Default true. */
    writes?: boolean;
    /** Default true. */
    lags?: boolean;
    /** The case families it judges (default: the plain calls, reads of listed records and the sequences). */
    needs?: readonly CaseFamily[];
  },
): StateCheck {
  return {
    name,
    description,
    writes: options.writes ?? true,
    lags: options.lags ?? true,
    needs: options.needs ?? STATE_FAMILIES,
    ...(options.appliesTo ? { appliesTo: options.appliesTo } : {}),
    findings: (run) => (run.mock ? [] : options.findings(run, timelineOf(run))),
    findingsOn: (run, timeline) => (run.mock ? [] : options.findings(run, timeline)),
    judge: (run) => {
      const onMock = mockSkip(run, name);
      if (onMock) return onMock;
      const hint = `replay with --seed ${run.seed ?? '<the run seed>'} --only ${name}`;
      const results = settle(run, options.findings(run, timelineOf(run)), hint);
      if (results.length > 0) return results;
      // Nothing to judge: say why, where writes were what it needed.
      if ((options.writes ?? true) && run.interrupted)
        return [{ status: 'interrupted', title: name, reason: 'the run was interrupted before its writes' }];
      if ((options.writes ?? true) && run.writesAllowed === false)
        return [skip(name, 'no write was made (writes need --allow-writes)')];
      return [skip(name, options.nothingToJudge)];
    },
  };
}
