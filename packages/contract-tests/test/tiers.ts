// The one place that says which tier of the suite runs each test file of the contract tests, and which cases of a
// sweep `pnpm test` keeps (CONTRIBUTING.md, "Which tier a new test belongs to"). `pnpm test` must answer in minutes
// and still run every kind of thing the suite proves once; CI also runs `pnpm test:deployments`, every other case
// of the sweeps. vitest.config.ts builds each tier from these lists, and test/tiers.test.ts fails on a test file
// that none of them names, so a new file is placed on purpose.

/**
 * The tiers, named after vitest's mode: `vitest run` is mode `test` (`pnpm test`); `--mode quick` is
 * `pnpm test:quick`, `--mode deployments` is `pnpm test:deployments`.
 */
export type Tier = 'quick' | 'test' | 'deployments';

export const TIERS: readonly Tier[] = ['quick', 'test', 'deployments'];

/** Tests of one module, a check, a reporter or the fake itself, without a run: `pnpm test:quick` and `pnpm test`. */
export const UNIT: readonly string[] = [
  'test/answers.test.ts',
  'test/architecture/stages.test.ts',
  'test/baseline-conventions.test.ts',
  'test/baseline-file.test.ts',
  'test/checks/baseline-drift.test.ts',
  'test/checks/content-type-conformance.test.ts',
  'test/checks/date-range-effect.test.ts',
  'test/checks/default-equivalence.test.ts',
  'test/checks/documented-error-messages.test.ts',
  'test/checks/echoed-fields.test.ts',
  'test/checks/filter-effect.test.ts',
  'test/checks/ignored-auth.test.ts',
  'test/checks/key-scope.test.ts',
  'test/checks/linked-records-agree.test.ts',
  'test/checks/negative-data-rejection.test.ts',
  'test/checks/not-a-server-error.test.ts',
  'test/checks/page-size-honoured.test.ts',
  'test/checks/response-schema-conformance.test.ts',
  'test/checks/sort-order.test.ts',
  'test/checks/status-code-conformance.test.ts',
  'test/combinations.test.ts',
  'test/config-file.test.ts',
  'test/config.test.ts',
  'test/covering.test.ts',
  'test/curl-and-redaction.test.ts',
  'test/early-mocks.test.ts',
  'test/failure-groups.test.ts',
  'test/fake-deployment/fake.test.ts',
  'test/fake-deployment/hostile.test.ts',
  'test/fake-deployment/statistics.test.ts',
  'test/github-output.test.ts',
  'test/invocation.test.ts',
  'test/option-docs.test.ts',
  'test/parameter-transports.test.ts',
  'test/pnpm-contract-fast-path.test.ts',
  'test/recorded/har-stream.test.ts',
  'test/recorded/judge-windows.test.ts',
  'test/recorded/mock-marks.test.ts',
  'test/recorded/request-case.test.ts',
  'test/recorded/retries.test.ts',
  'test/recorded/write-trail.test.ts',
  'test/report-writers.test.ts',
  'test/reporters.test.ts',
  'test/row-comparison.test.ts',
  'test/schema-problems.test.ts',
  'test/silence.test.ts',
  'test/state/commands.test.ts',
  'test/state/covering-writes.test.ts',
  'test/state/list-matches-state.test.ts',
  'test/state/neighbours-served.test.ts',
  'test/state/normalisation.test.ts',
  'test/state/pages-consistent.test.ts',
  'test/state/read-matches-list.test.ts',
  'test/state/sequence-verdicts.test.ts',
  'test/state/stored-as-sent.test.ts',
  'test/state/walker.test.ts',
  'test/state/walks.test.ts',
  'test/state/write-isolated.test.ts',
  'test/terminal-safe.test.ts',
  'test/tiers.test.ts',
  'test/transport.test.ts',
  'test/write-session.test.ts',
];

/**
 * Runs of the tester end to end that `pnpm test` runs whole (and `pnpm test:quick` leaves out): each proves a kind
 * of thing once (the safety guard, hostile answers and output, the memory bounds, the mocks, the built CLIs, vitest
 * inside vitest, the property runs that take thousands of cases the whole way, the probe of every fault).
 */
export const END_TO_END: readonly string[] = [
  'test/cli-conventions.test.ts',
  'test/cli.test.ts',
  'test/fake-deployment/faults.test.ts',
  'test/first-contact.test.ts',
  'test/honest-deployments/day-values.test.ts',
  'test/honest-deployments/write-patience.test.ts',
  'test/key-canary.test.ts',
  'test/key-transport.test.ts',
  'test/ledger.test.ts',
  'test/memory-bounds.test.ts',
  'test/messages.test.ts',
  'test/mock-cli.test.ts',
  'test/mock-run.test.ts',
  'test/newcomer-path.test.ts',
  'test/output-redaction.test.ts',
  'test/progress.test.ts',
  'test/recorded/judge-cli.test.ts',
  'test/report-schema.test.ts',
  'test/run-scope.test.ts',
  'test/shrink.test.ts',
  'test/start-mocks.test.ts',
  'test/stateful-mock-run.test.ts',
  'test/vitest-integration.test.ts',
];

/**
 * Sweeps split by case: `pnpm test` runs the representatives below, `pnpm test:deployments` every other case. Each
 * file picks its cases with `casesOfThisTier` (tier-cases.ts), so a case runs in one tier only.
 */
export const SPLIT: readonly string[] = [
  'test/baseline-runs.test.ts',
  'test/check-audit.test.ts',
  'test/clean-fake.test.ts',
  'test/faults-across-answers.test.ts',
  'test/faults-in-combinations.test.ts',
  'test/faults-in-relations.test.ts',
  'test/faults-in-single-answers.test.ts',
  'test/faults-in-state.test.ts',
  'test/faults-the-model-decides.test.ts',
  'test/honest-deployments/facts.test.ts',
  'test/honest-deployments/honest-deployments.test.ts',
  'test/hostile-answers.test.ts',
  'test/hostile-output.test.ts',
  'test/safety.test.ts',
  'test/stalled-operation.test.ts',
  'test/state/stateful-mock-model.test.ts',
];

/** Files only `pnpm test:deployments` runs, whole: a sweep with no case `pnpm test` needs. */
export const DEPLOYMENTS: readonly string[] = [];

/**
 * Folders of measurements, never tests, that no tier's vitest run takes: the recall of the tester on the blind faults
 * (test/blind-faults/recall.ts, run by plain Node) and the faults it runs.
 */
export const MEASUREMENTS: readonly string[] = ['test/blind-faults/'];

/**
 * Files that run in a process of their own, as vitest runs files by default, whatever their tier: those that
 * replace a module with `vi.mock` (a shared registry would hand them the real one), and those whose runs read the
 * heap (the memory bound counts all the process's heap added since a run started, so another file's garbage would
 * stop their runs early): the fault runs and the honest deployments, several runs at once each, and the bounds
 * themselves; and the safety test, which bounds the resident memory a huge body adds. The other files share one
 * module registry per worker, so the engine loads once per worker instead of once per file.
 */
export const OWN_PROCESS: readonly string[] = [
  'test/baseline-runs.test.ts',
  'test/check-audit.test.ts',
  'test/faults-across-answers.test.ts',
  'test/faults-in-combinations.test.ts',
  'test/faults-in-relations.test.ts',
  'test/faults-in-single-answers.test.ts',
  'test/faults-in-state.test.ts',
  'test/faults-the-model-decides.test.ts',
  'test/honest-deployments/honest-deployments.test.ts',
  'test/memory-bounds.test.ts',
  'test/safety.test.ts',
];

/** What `pnpm test` keeps of each split sweep, by the names its cases have in their files. */
export interface Representatives {
  /** Honest deployments run, then judged again from their HAR (honest-deployments/honest-deployments.test.ts). */
  honestDeployments: readonly string[];
  /** How many faults of each check every fault file runs, the first in the order of fake-deployment/faults.ts. */
  faultsPerCheck: number;
  /** Seeds of the state model's command sequences against the stateful mock (state/stateful-mock-model.test.ts). */
  statefulMockSeeds: readonly number[];
  /** The check audit's hostile values, each put at every place of every answer (check-audit.test.ts). */
  checkAuditValues: readonly string[];
  /** The check audit's unreadable answers, only where a parameter is sent or only where it is not. */
  checkAuditUnreadable: readonly string[];
  /** Drifts from a baseline of the fake deployment (baseline-runs.test.ts). */
  baselineDrifts: readonly string[];
  /** Operations answering what no reader expects, in turn (hostile-answers.test.ts). */
  hostileAnswerOperations: readonly string[];
  /** Variants of the clean fake deployment (clean-fake.test.ts). */
  cleanFakeVariants: readonly string[];
  /** Honest deployments held to the facts the source documentation decides (honest-deployments/facts.test.ts). */
  honestDeploymentFacts: readonly string[];
  /** Faults only the state model decides, each under a seed, as `<fault> under seed <n>` (faults-the-model-decides). */
  faultsTheModelDecides: readonly string[];
  /**
   * Hostile deployments run through the built CLI, each output held to every rule (hostile-output.test.ts): one
   * whose bytes act on a terminal and a CI log, and one that echoes the key in every form. Each run's console, JSON,
   * JUnit, HAR and summary are checked for both kinds, so the others (bytes that break a report, an escape that ends
   * where the key starts, an unreadable list) add a way in, not a rule; the hostile answers' representative and the
   * memory bounds run answers nested 20,000 levels deep.
   */
  hostileOutputBehaviours: readonly string[];
  /**
   * Create answers that name no record of their own (safety.test.ts): `..`, the one that would climb out of the
   * record's path were it sent as an id. `.` is the same dot segment a step short, and an answer with no id leaves
   * the run to find its record by its domain, as the foreign id of `pnpm test`'s other safety run does.
   */
  safetyCreateAnswers: readonly string[];
  /**
   * Answers larger than `--max-response-bytes` (safety.test.ts): the gzip bomb, whose bytes are counted as they
   * inflate, so its run reaches the decompression and the same bound a plain huge body meets.
   */
  safetyOversizedBodies: readonly string[];
  /**
   * Operations a proxy never answers, one a run, as `<api> <operation>` (stalled-operation.test.ts): a write of the
   * analytics API, whose stalled deletes leave records behind (the leftovers the bound on held requests allows), and
   * a read of the marketplace, the other API's proxy. Every operation is stalled by the same proxy and judged by the
   * same verdict, so the others add no kind of stall.
   */
  stalledOperations: readonly string[];
}

/**
 * Everything else of each split sweep runs in `pnpm test:deployments`. Each representative is a real run that can
 * fail, chosen to reach as much as one run can.
 */
export const REPRESENTATIVES: Representatives = {
  honestDeployments: ['laravel-resource'],
  faultsPerCheck: 1,
  statefulMockSeeds: [1],
  checkAuditValues: ['null'],
  checkAuditUnreadable: ['JSON cut short'],
  baselineDrifts: ['a refused value answered 400 where 422 was pinned'],
  hostileAnswerOperations: ['analytics listWebsites', 'marketplace listItems'],
  cleanFakeVariants: ['laravel'],
  honestDeploymentFacts: ['laravel-resource'],
  faultsTheModelDecides: ['analytics-list-later-pages-reversed under seed 1'],
  hostileOutputBehaviours: ['terminal-injection', 'key-forms'],
  safetyCreateAnswers: ['create-answers-dotdot-id'],
  safetyOversizedBodies: ['gzip-bomb'],
  stalledOperations: ['analytics deleteWebsite', 'marketplace listItems'],
};

/**
 * The files each tier runs: the unit tests in all three but deployments; the split sweeps in `pnpm test` (their
 * representatives) and in `pnpm test:deployments` (the rest).
 */
export function filesOf(tier: Tier): readonly string[] {
  if (tier === 'quick') return UNIT;
  if (tier === 'test') return [...UNIT, ...END_TO_END, ...SPLIT];
  return [...SPLIT, ...DEPLOYMENTS];
}

/** The tier of a vitest mode: `vitest run` (mode `test`), `--mode quick`, `--mode deployments`. */
export function tierOf(mode: string): Tier {
  const tier = TIERS.find((name) => name === mode);
  if (!tier) throw new Error(`vitest --mode ${mode}: the contract tests have the modes ${TIERS.join(', ')}`);
  return tier;
}
