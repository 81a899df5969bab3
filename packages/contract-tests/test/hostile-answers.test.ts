// Fault injection of unreadable and ill-typed answers: each operation of both
// APIs in turn answers with JSON nested 20,000 levels deep, a million and one
// values, JSON cut short, or values of the wrong type, in two ways (every
// answer so; or its answers taking turns with the honest ones, so the checks
// that compare answers meet both). Every answer must become a verdict on that
// answer, never an exception: the run ends with a verdict on the deployment
// (exit 1 when a check failed), no check falls back on the tester-fault
// guard, and every report is written and parses. `pnpm test` runs the operations test/tiers.ts names; CI's
// `pnpm test:deployments` the others.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { secretRedactor } from '../src/report/redactor.js';
import type { Exchange } from '../src/transport/transport.js';
import { reportSchema } from '../src/report/report-schema.js';
import { runContract } from '../src/run/contract.js';
import { type ApiName, specModels } from '../src/spec/models.js';
import {
  type FakeDeployment,
  type FakeRequest,
  type Reply,
  runOptionsFor,
  startFakeDeployment,
} from './fake-deployment/server.js';
import { bodyText, UNREADABLE_BODIES } from './hostile-json.js';
import { attemptsIn, runOutputs } from './run-outputs.js';
import { casesOfThisTierNamed } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';
import { xmlProblems } from './xml-well-formed.js';

const validateReport = new Ajv2020({ strict: false, validateFormats: false }).compile(reportSchema);

/** Whole answers, by what they are: unreadable ones, then JSON of the wrong type. */
const ANSWERS: Record<string, string> = {
  ...UNREADABLE_BODIES,
  null: 'null',
  'a string': bodyText('\u001b[2J ok'),
  'an empty array': '[]',
  'an empty object': '{}',
  'records of the wrong type': bodyText({ data: [1, null, 'x'], items: {}, item: [], status: 7, msg: {} }),
};

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const operations = (['analytics', 'marketplace'] as const).flatMap((api) =>
  specModels[api].operations.map((operation) => ({
    api,
    id: operation.id,
    method: operation.method.toUpperCase(),
    path: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  })),
);

/** A reshape that answers `operation`'s requests with `answer(n)` for its n-th request (undefined: as it was). */
function answering(
  target: (typeof operations)[number],
  answer: (request: number) => string | undefined,
): (reply: Reply, request: FakeRequest, api: ApiName) => Reply {
  let count = 0;
  return (reply, request, api) => {
    if (api !== target.api || request.method !== target.method || !target.path.test(request.path)) return reply;
    const text = answer(count++);
    return text === undefined ? reply : { ...reply, body: undefined, text, contentType: 'application/json' };
  };
}

async function runAgainst(target: (typeof operations)[number], answer: (request: number) => string | undefined) {
  fake = await startFakeDeployment({ reshape: answering(target, answer) });
  const exchanges = new Map<ApiName, readonly Exchange[]>();
  const result = await runContract({
    ...runOptionsFor(fake),
    apis: [target.api],
    onExchanges: (api, list) => exchanges.set(api, list),
  });
  const redactor = secretRedactor({
    ANALYTICS_API_KEY: fake.keys.analytics,
    MARKETPLACE_API_KEY: fake.keys.marketplace,
    MARKETPLACE_EMPTY_API_KEY: fake.keys.emptyMarketplace,
    MARKETPLACE_PURCHASE_CODE: fake.keys.purchaseCode,
  });
  return { result, outputs: await runOutputs(result, exchanges, redactor) };
}

function expectVerdict({ result, outputs }: Awaited<ReturnType<typeof runAgainst>>): void {
  expect(result.incomplete.filter((line) => /fault of tallyport-contract/.test(line))).toEqual([]);
  expect(result.apis[0]?.configError).toBeUndefined();
  const failed = result.apis.some((api) => api.checks.some((check) => check.status === 'fail'));
  if (failed) expect(result.exitCode).toBe(1);
  expect(validateReport(JSON.parse(outputs.json)), JSON.stringify(validateReport.errors?.slice(0, 3))).toBe(true);
  expect(attemptsIn(JSON.parse(outputs.har))).toBe(result.requestCount);
  expect(xmlProblems(outputs.junit)).toEqual([]);
  expect(outputs.summary).toMatch(/^## /);
}

const title = 'each operation answering what no reader expects';
const answeringOperations = casesOfThisTierNamed(
  title,
  operations,
  (operation) => `${operation.api} ${operation.id}`,
  REPRESENTATIVES.hostileAnswerOperations,
);

describe.each(answeringOperations.map((operation) => [`${operation.api} ${operation.id}`, operation] as const))(
  '%s answering what no reader expects',
  (_, operation) => {
    it('every answer nested 20,000 levels deep: a verdict on each, and on the run', async () => {
      const run = await runAgainst(operation, () => UNREADABLE_BODIES['an object nested 20,000 levels']);
      expectVerdict(run);
      const schema = run.result.apis[0]!.checks.find((check) => check.check === 'response_schema_conformance');
      const judged = schema?.cases.filter((entry) => 'operationId' in entry && entry.operationId === operation.id);
      // Where the declared response has a schema, the unreadable body is what its verdict says.
      for (const entry of judged ?? []) if ('reason' in entry) expect(entry.reason).toMatch(/not JSON/);
    });

    it('its answers taking turns with every hostile shape and the honest answer', async () => {
      const shapes = [...Object.values(ANSWERS), undefined];
      expectVerdict(await runAgainst(operation, (request) => shapes[request % shapes.length]));
    });
  },
);
