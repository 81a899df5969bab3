// One API's run, in phases: the plain calls (which reach the deployment and
// list what exists), everything the spec yields within the request budget,
// the cases derived from the deployment's own rows, the write round trip
// when allowed, and cleanup whatever happened. Every exchange is read into
// an answer as it is recorded (answers/answer.ts); the checks judge the
// answers afterwards.
import { type OperationModel, type SpecModel, writableKind } from '@tallyport/spec-model/query';
import { type Answer, acceptedConforming } from '../answers/answer.js';
import { AnswerBook } from '../answers/book.js';
import type { CaseContext } from '../cases/context.js';
import { combinationCases } from '../derived/combinations.js';
import { generatedCases } from '../cases/generated.js';
import { baselineValues, coverageCases } from '../cases/coverage.js';
import { derivedCases } from '../derived/effects.js';
import { exampleCases } from '../cases/examples.js';
import { addDropped, planCases } from '../cases/plan.js';
import { describeTransport, type KeyTransport, sendCase, type TemplateTarget } from '../transport/template.js';
import type { CaseFamily, ParameterTransport, RequestCase } from '../cases/types.js';
import { API_SECRETS } from '../spec/deployment.js';
import { filled, type SecretName, type TemplateValue, type Values } from '../spec/secrets.js';
import { SafetyGuard, SafetyViolation } from '../transport/safety.js';
import { NotSent, Transport, type TransportLimits } from '../transport/transport.js';
import { type ApiName, specModels } from '../spec/models.js';
import type { Ledger } from './writes/ledger.js';
import { type Leftover, WriteSession } from './writes/session.js';
import { findTransport, placeInDoubt, placeUnknown, probeCase, specTransport } from './parameter-transports.js';
import { failsAlone, removableFrom, shrink } from './shrink.js';
import type { PhaseProgress } from '../report/result.js';
import { SequenceRunner } from './state/sequences.js';
import type { StateCheck } from '../state/invariants/frame.js';

/** Requests a failing generated case may send while it is shrunk, and all of them together. */
const SHRINK_STEPS = 16;
const SHRINK_BUDGET = 48;

/** Requests kept back from the planned cases for derived cases and the write round trip. */
const DERIVED_RESERVE = 80;
const WRITE_RESERVE = 60;

export interface ApiSetup {
  api: ApiName;
  model: SpecModel;
  baseUrl: string;
  mock: boolean;
  runId: string;
  seed: number;
  secrets: Partial<Record<SecretName, string>>;
  families: ReadonlySet<CaseFamily>;
  writesAllowed: boolean;
  /** Records to read, by kind, named by the run's options. */
  recordIds: Record<string, string | undefined>;
  examples: number;
  /** Combinations of how many parameters the plan covers (2: every pair). */
  depth: number;
  /** Command sequences the state model runs (`--sequences`), and the requests they may add at most. */
  sequences: number;
  sequenceBudget: number;
  /** The invariants of the state model the run checks (they say, as it goes, where it diverged). */
  invariants: readonly StateCheck[];
  limits: TransportLimits;
  signal: AbortSignal;
  ledger: Ledger;
  keyTransport?: KeyTransport;
  /**
   * The baseline pins where the key is read: a key refused on every plain call is looked for in the other common
   * places before the run calls it refused, since a key that moved is drift to report, not a configuration problem.
   */
  keyPlacePinned?: boolean;
  redact(text: string): string;
  log?(line: string): void;
  onProgress?(sent: number, planned: number, phase: PhaseProgress): void;
  /** Called after each answer is read; may stop the run (a memory bound). */
  onAnswer?(answer: Answer): void;
}

export interface ApiOutcome {
  answers: Answer[];
  transport: Transport;
  sent: number;
  dropped: Partial<Record<CaseFamily, number>>;
  interrupted: number;
  notes: string[];
  /** What the run found out where the spec says "not shown" while running (where parameters travel). */
  observed: string[];
  configError?: string;
  leftovers: string[];
}

/** A refusal before sending (budget, interrupt, guard) is counted, not thrown. */
function counted(error: unknown, outcome: ApiOutcome, testCase: RequestCase): void {
  if (error instanceof SafetyViolation) outcome.notes.push(`not sent (${testCase.title}): ${error.message}`);
  else if (!(error instanceof NotSent)) throw error;
  else if (error.reason === 'interrupted') outcome.interrupted++;
  // The transport counts what it did not send to an operation that stopped answering; the runner reports it.
  else if (error.reason !== 'stalled') addDropped(outcome.dropped, { [testCase.family]: 1 });
}

/** What stops a phase of many requests: the guard's refusal is noted, a refusal before sending counted (`counted`). */
const stopped = (outcome: ApiOutcome, what: string, family: CaseFamily, title: string) => (error: unknown) => {
  if (error instanceof SafetyViolation) outcome.notes.push(`${what} stopped: ${error.message}`);
  else counted(error, outcome, { family, title } as RequestCase);
};

/**
 * An identifier of an existing record of each kind (from the options, the lists, or one the run created to read),
 * and one no record has.
 */
function fixturesFrom(setup: ApiSetup, answers: readonly Answer[], own: Record<string, string>) {
  const fixtures: Record<string, string | undefined> = {};
  const unknownIds: Record<string, string | undefined> = {};
  for (const [kind, record] of Object.entries(setup.model.records)) {
    if (!record.identifier) continue;
    const ids = answers.flatMap((answer) =>
      answer.records?.kind === kind && answer.records.many && acceptedConforming(answer) ? answer.ids : [],
    );
    fixtures[kind] = setup.recordIds[kind] ?? ids[0] ?? own[kind];
    const numbers = ids.map(Number).filter(Number.isSafeInteger);
    unknownIds[kind] = String(numbers.length > 0 ? Math.max(...numbers) + 1_000_003 : 2_000_000_011);
  }
  return { fixtures, unknownIds };
}

/** A configuration or connectivity problem, read from the plain calls' answers. */
function preflight(setup: ApiSetup, answers: readonly Answer[], unavailable: string | undefined): string | undefined {
  const envName = setup.api.toUpperCase();
  if (answers.length === 0) return unavailable;
  const reached = answers.filter((answer) => answer.exchange.response);
  // A plain call that only timed out may be one stalled operation: the run goes on, and the transport stops it if
  // the deployment as a whole is silent.
  if (reached.length === 0 && !answers.every((answer) => answer.exchange.timedOut))
    return `cannot reach ${envName}_BASE_URL (${setup.baseUrl}): ${answers[0]!.exchange.error ?? 'no answer'}`;
  if (reached.length === 0) return undefined;
  const statuses = reached.map((answer) => answer.exchange.response!.status);
  // Where the spec does not show how a key travels, the deployment may read it elsewhere.
  const placeUnknown = setup.model.operations.some((operation) => operation.credential?.unknown);
  const hint = placeUnknown ? `; if it is read from another place, say where with --${setup.api}-key-in` : '';
  if (statuses.every((status) => status === 401 || status === 403))
    return `${envName}_API_KEY is refused (HTTP ${statuses[0]} on every plain call)${hint}`;
  if (statuses.every((status) => status === 404))
    return `${envName}_BASE_URL answers 404 to every operation: is it the base address without the API path?`;
  if (statuses.every((status) => status >= 300 && status < 400))
    return (
      `${envName}_BASE_URL answers every plain call with a redirect (HTTP ${statuses[0]}), which is never followed: ` +
      'is it the address the deployment redirects to (https, another host)?'
    );
  if (setup.model.outcome && reached.every((answer) => answer.outcome === 'error'))
    return `${envName}_API_KEY seems refused: every plain call answered ${String(setup.model.outcome.error)}${hint}`;
  return undefined;
}

export async function runApi(setup: ApiSetup, guardPrefix: string): Promise<ApiOutcome> {
  const { api, model, mock, limits, signal } = setup;
  const guard = new SafetyGuard(setup.writesAllowed, guardPrefix, specModels, mock);
  const transport = new Transport(setup.secrets, limits, guard, signal);
  const book = new AnswerBook({ api, model, redact: setup.redact });
  const outcome: ApiOutcome = {
    answers: book.answers,
    transport,
    sent: 0,
    dropped: {},
    interrupted: 0,
    notes: [],
    observed: [],
    leftovers: [],
  };
  let planned = 0;
  // Each phase's requests are planned at its start, so its count never grows while it runs.
  let phase = { name: 'plain calls' as PhaseProgress['name'], from: 0, planned: 0 as number | undefined };
  const enter = (name: PhaseProgress['name']) => {
    // Writes, shrinking and cleanup decide their next request from the last answer: they have no count ahead.
    const unplanned = name === 'writes' || name === 'shrinking' || name === 'cleanup' || name === 'state sequences';
    phase = { name, from: transport.requestCount, planned: unplanned ? undefined : 0 };
  };
  transport.onExchange = (exchange) => {
    setup.onAnswer?.(book.read(exchange));
    const sent = transport.requestCount - phase.from;
    setup.onProgress?.(transport.requestCount, Math.max(planned, transport.requestCount), {
      name: phase.name,
      sent,
      ...(phase.planned !== undefined ? { planned: Math.max(phase.planned, sent) } : {}),
    });
  };
  const target: TemplateTarget = {
    api,
    baseUrl: setup.baseUrl,
    mock,
    wrongKey: `tallyport-contract-wrong-key-${setup.runId}`,
    ...(setup.keyTransport ? { keyTransport: setup.keyTransport } : {}),
  };
  const send = async (testCase: RequestCase, options: { cleanup?: boolean } = {}) =>
    book.read(await sendCase(transport, target, testCase, options));
  const sequencesWanted = !mock && setup.sequences > 0 && setup.families.has('sequence');
  /**
   * Requests kept back, beyond a phase's own reserve, for the state model's sequences: their budget, but never more
   * than a third of the cap (a small `--max-requests` still leaves the cases from the spec most of it).
   */
  const modelReserve = sequencesWanted ? Math.min(setup.sequenceBudget, Math.floor(limits.maxRequests / 3)) : 0;
  /** Sends what of `cases` is new and fits the budget, `reserve` requests kept back; counts what is dropped. */
  const sendPlanned = async (cases: readonly RequestCase[], reserve: number) => {
    const kept = Math.max(0, limits.maxRequests - transport.requestCount - reserve - modelReserve);
    const plan = planCases(cases, kept, seen);
    addDropped(outcome.dropped, plan.dropped);
    await sendAll(plan.kept);
  };
  const sendAll = async (cases: readonly RequestCase[]) => {
    planned += cases.length;
    if (phase.planned !== undefined) phase.planned += cases.length;
    await Promise.all(cases.map((testCase) => send(testCase).catch((error) => counted(error, outcome, testCase))));
  };
  const wants = (family: CaseFamily) => setup.families.has(family);
  const secrets = API_SECRETS[api];
  const ownFixtures: Record<string, string> = {};
  const caseContext = (answers: readonly Answer[]): CaseContext => ({
    api,
    model,
    mock,
    ...fixturesFrom(setup, answers, ownFixtures),
    knownValues: Object.fromEntries(
      Object.entries(secrets.knownValues)
        .filter(([, secret]) => setup.secrets[secret] !== undefined)
        .map(([parameter, secret]) => [parameter, { secret }]),
    ),
    hasKeyWithoutRecords: !!secrets.keyWithoutRecords && !!setup.secrets[secrets.keyWithoutRecords],
  });
  /** The values a plain call of `operation` sends now (`given` first), when it can be made. */
  const plainValues = (operation: OperationModel, given?: Values) => {
    const values = baselineValues(caseContext(book.answers), operation, given);
    return typeof values === 'string' ? undefined : values;
  };
  const session = new WriteSession({
    api,
    model,
    runId: setup.runId,
    baseUrl: setup.baseUrl,
    mock,
    guard,
    ledger: setup.ledger,
    send,
    stopped: () => signal.aborted || transport.unavailableReason !== undefined,
    baseline: plainValues,
    ...(setup.log ? { log: setup.log } : {}),
  });
  const writes = setup.writesAllowed && wants('write') && session.possible;
  const writeReserve = writes ? WRITE_RESERVE : 0;
  const seen = new Set<string>();
  const transports = new Map<string, ParameterTransport>();
  target.parameterTransports = transports;
  /**
   * Answers left out of the verdicts: requests in a place the deployment does not read its parameters from, and
   * generated requests that failed the same way as a smaller one the run shrank them to.
   */
  const unjudged = new Set<number>();
  const locateParameters = async () => {
    const cases = coverageCases(caseContext(book.answers)).cases.filter((testCase) => wants(testCase.family));
    for (const operation of model.operations.filter(placeUnknown)) {
      const testCase = probeCase(cases, operation);
      if (!testCase || signal.aborted) continue;
      seen.add(testCase.key);
      try {
        const first = book.answers.find((answer) => answer.case?.key === testCase.key) ?? (await send(testCase));
        if (!placeInDoubt(first, book.answers)) continue;
        const { finding, tried } = await findTransport(first, send);
        for (const id of tried) unjudged.add(id);
        if (!finding) continue;
        transports.set(operation.id, finding.transport);
        for (const answer of book.answers)
          if (answer.operation.id === operation.id && !answer.case?.transport) unjudged.add(answer.exchange.id);
        outcome.observed.push(finding.note);
      } catch (error) {
        counted(error, outcome, testCase);
      }
    }
  };
  /**
   * Where a baseline pins the key's place and every plain call refused the key: the first plain call of an
   * operation whose key place the source does not show is sent with the key in each other common place; where one
   * is read, every such operation sends its key there from now on, the plain calls are sent again, and the refused
   * ones are not judged. Whether the key moved is then the baseline's to judge (its key-place pins).
   */
  const relocateKey = async (plain: readonly RequestCase[]): Promise<boolean> => {
    const refused = book.answers.find(
      (answer) => placeUnknown(answer.operation) && answer.case?.family === 'baseline' && answer.verdict === 'refused',
    );
    if (!refused) return false;
    const { finding, tried } = await findTransport(refused, send);
    for (const id of tried) unjudged.add(id);
    if (!finding) return false;
    for (const answer of book.answers) if (placeUnknown(answer.operation)) unjudged.add(answer.exchange.id);
    for (const operation of model.operations.filter(placeUnknown))
      transports.set(operation.id, { params: specTransport(operation).params, key: finding.transport.key });
    const place = describeTransport(finding.transport);
    outcome.observed.push(`the key was refused in the spec's place by every plain call and read from ${place}`);
    await sendAll(plain.map((testCase) => ({ ...testCase, key: `${testCase.key} with the key where it is read` })));
    return true;
  };
  try {
    // 1. The plain calls that need no record: they reach the deployment and list what exists.
    const first = coverageCases(caseContext([])).cases.filter((testCase) => testCase.family === 'baseline');
    await sendAll(planCases(first, limits.maxRequests, seen).kept);
    let problem = preflight(setup, book.answers, transport.unavailableReason);
    if (problem && setup.keyPlacePinned && (setup.keyTransport ?? 'spec') === 'spec' && (await relocateKey(first)))
      problem = preflight(setup, book.answers, transport.unavailableReason);
    if (problem) {
      outcome.configError = problem;
      return outcome;
    }
    // An account that lists no record of the kind the run may create: one is created to read (and deleted at the
    // end with the rest), so the operations that read a record by its id are covered too.
    const writable = writableKind(model);
    if (writes && writable && caseContext(book.answers).fixtures[writable.name] === undefined) {
      const made = await session.create('fixture', {}, { note: 'a record to read; the account lists none' });
      if (made.id) {
        ownFixtures[writable.name] = made.id;
        // The data changed: the plain calls are asked again, and nothing is compared across the change.
        book.advance();
        await sendAll(first.map((testCase) => ({ ...testCase, key: `${testCase.key} after a record was created` })));
      }
    }
    // 1b. Where the deployment reads the parameters of the operations whose place the source does not show.
    if ((setup.keyTransport ?? 'spec') === 'spec') await locateParameters();
    // 2. Everything the spec yields, now that records are known, within the budget.
    enter('cases from the spec');
    const context = caseContext(book.answers);
    const generated = coverageCases(context);
    outcome.notes.push(...generated.notCovered.map((line) => `not covered: ${line}`));
    const candidates = [
      ...generated.cases.filter((testCase) => wants(testCase.family)),
      ...(wants('example') ? exampleCases(context, setup.examples, setup.seed) : []),
    ];
    await sendPlanned(candidates, (wants('derived') ? DERIVED_RESERVE : 0) + writeReserve);
    // 3. Cases that need the deployment's own rows.
    if (wants('derived')) {
      enter('cases from the data');
      await sendPlanned(derivedCases(caseContext(book.answers), book.answers), writeReserve);
    }
    // 3b. The combinations of two parameters' values (three with --depth 3) the requests so far left out.
    if (wants('combination')) {
      enter('combinations');
      // Parameters of combinations never hold a secret: a placeholder stands for one.
      const shown = (value: TemplateValue) => (typeof value === 'string' ? value : `$${value.secret}`);
      const context = { ...caseContext(book.answers), valueOf: shown };
      await sendPlanned(combinationCases(context, book.answers, setup.depth, setup.seed), writeReserve);
    }
    // 3c. Generated values (text in many scripts and lengths, ranges on month ends), each failure shrunk.
    if (wants('example')) {
      enter('generated values');
      await sendPlanned(generatedCases(caseContext(book.answers), setup.seed), writeReserve);
      const failing = book.answers.filter((answer) => answer.case?.step === 'generated' && failsAlone(answer));
      if (failing.length > 0) enter('shrinking');
      let spent = 0;
      for (const answer of failing) {
        if (signal.aborted || spent >= SHRINK_BUDGET) break;
        const result = await shrink(
          answer,
          (testCase) => send(testCase),
          removableFrom(answer.operation, answer.case!.varied),
          Math.min(SHRINK_STEPS, SHRINK_BUDGET - spent),
        ).catch((error: unknown) => {
          counted(error, outcome, answer.case!);
          return undefined;
        });
        if (!result) break;
        spent += result.sent;
        for (const id of result.superseded) unjudged.add(id);
        if (result.smallest !== answer)
          outcome.notes.push(
            `shrunk: ${answer.case!.title} (#${answer.exchange.id}) to ${result.smallest.case!.title} ` +
              `(#${result.smallest.exchange.id}), which fails the same way (${failsAlone(answer)})`,
          );
      }
    }
    // 4. The state model: every list walked before the run writes anything, the covering and the random command
    // sequences on the run's own records, divergences shrunk.
    if (sequencesWanted && !signal.aborted) {
      enter('state sequences');
      const runner = new SequenceRunner({
        model,
        seed: setup.seed,
        sequences: setup.sequences,
        budget: Math.min(
          setup.sequenceBudget,
          Math.max(0, limits.maxRequests - transport.requestCount - 20 - writeReserve),
        ),
        send: (testCase) => send(testCase),
        answers: () => book.answers,
        recorded: (answers) => ({
          api,
          model,
          mock,
          answers,
          seed: setup.seed,
          valueOf: (value) => filled(value, setup.secrets),
        }),
        session:
          setup.writesAllowed &&
          session.possible &&
          // The sequences make the run's writes: an invariant of writes needs them, and so does a check of answers to
          // writes (a server error, a status code).
          (setup.invariants.some((invariant) => invariant.writes) || setup.families.has('write'))
            ? session
            : undefined,
        baseline: plainValues,
        invariants: setup.invariants,
        requestCount: () => transport.requestCount,
        // The cleanup sends a delete of each record the run holds, with a read before and after it.
        capLeft: () => limits.maxRequests - transport.requestCount - writeReserve - 3 * guard.ownedIds(api).length,
        stopped: () => signal.aborted || transport.unavailableReason !== undefined,
        notes: outcome.notes,
      });
      await runner.runAll().catch(stopped(outcome, 'state sequences', 'sequence', 'the state sequences'));
    }
    // 5. The writes that must be refused, on a record this run creates.
    if (writes && !signal.aborted) {
      enter('writes');
      await session.refusals().catch(stopped(outcome, 'write', 'write', 'the writes that must be refused'));
    }
  } finally {
    if (setup.writesAllowed && session.possible) {
      enter('cleanup');
      const left: Leftover[] = await session
        .cleanup()
        .catch(() => guard.ownedIds(api).map(({ id, label }) => ({ id, label })));
      outcome.leftovers = left.map((entry) =>
        entry.id ? `${entry.id} (${entry.label})` : `${entry.label} (id unknown)`,
      );
      for (const entry of left)
        if (entry.why) outcome.notes.push(`cleanup left ${entry.id ?? entry.label}: ${entry.why}`);
    }
    if (unjudged.size > 0) outcome.answers = book.answers.filter((answer) => !unjudged.has(answer.exchange.id));
    if (transport.unavailableReason && !outcome.configError) outcome.configError = transport.unavailableReason;
    outcome.sent = transport.requestCount;
    outcome.interrupted += transport.exchanges.filter((exchange) => exchange.interrupted).length;
  }
  return outcome;
}
