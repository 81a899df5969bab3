// No check throws, whatever a deployment answers. The answers of a run
// against the fake deployment are recorded as they came, then read again with
// one place of their JSON (the root, an envelope, the records, one field of
// every record) replaced by a value of every JSON type (null, numbers,
// strings, arrays, objects, deep and wide ones, and text no JSON parser
// reads: nested beyond the bound, cut short), in every other answer so
// changed and unchanged answers meet in the checks that compare them. Each
// body is parsed again as the transport parses it (a place nested deeply
// enough makes the whole body unreadable); every check judges each such run
// and none may throw. `pnpm test` judges the answers as they came and the values test/tiers.ts names; CI's
// `pnpm test:deployments` the rest of the matrix.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Answer, type AnswerContext, readAnswer } from '../src/answers/answer.js';
import { CHECKS } from '../src/registry/index.js';
import { parseBoundedJson } from '../src/transport/json.js';
import { isSecretRef } from '../src/spec/secrets.js';
import type { Exchange } from '../src/transport/transport.js';
import { runContract } from '../src/run/contract.js';
import { type ApiName, specModels } from '../src/spec/models.js';
import { type FakeDeployment, runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';
import { bodyText, HOSTILE_VALUES } from './hostile-json.js';
import { casesOfThisTierNamed, runsTestsBesideTheSweep } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

const recorded = vi.hoisted(() => ({ on: true, exchanges: [] as Array<{ exchange: Exchange; epoch: number }> }));

// The raw answers, as the run read them (the run drops each raw body once it is read). vi.mock is hoisted above
// the imports, so the runner reads its answers through this.
vi.mock('../src/answers/answer.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/answers/answer.js')>();
  return {
    ...original,
    readAnswer: (exchange: Exchange, context: AnswerContext) => {
      if (recorded.on) recorded.exchanges.push({ exchange: structuredClone(exchange), epoch: context.epoch ?? 0 });
      return original.readAnswer(exchange, context);
    },
  };
});

type Path = readonly string[];

/** Every place of a JSON value, four levels deep; `*` stands for every item of an array. */
function placesOf(value: unknown, path: Path, into: Map<string, Path>, depth = 0): void {
  into.set(JSON.stringify(path), path);
  if (depth >= 4 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) for (const item of value) placesOf(item, [...path, '*'], into, depth + 1);
  else for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], into, depth + 1);
}

/** `json` with every value at `path` replaced by `make()`; `json` itself where it has no such place. */
function replaced(json: unknown, path: Path, make: () => unknown): unknown {
  if (path.length === 0) return make();
  if (json === null || typeof json !== 'object') return json;
  const [head, ...rest] = path;
  if (Array.isArray(json)) {
    if (head !== '*') return json;
    const items = json.map((item) => replaced(item, rest, make));
    return items.every((item, index) => item === json[index]) ? json : items;
  }
  if (!Object.hasOwn(json, head!)) return json;
  const item = replaced((json as Record<string, unknown>)[head!], rest, make);
  if (item === (json as Record<string, unknown>)[head!]) return json;
  const copy: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  Object.defineProperty(copy, head!, { value: item, enumerable: true, writable: true });
  return copy;
}

let fake: FakeDeployment;
const runs = new Map<ApiName, Array<{ exchange: Exchange; epoch: number }>>();
/** Each run's answers read as they came: an answer no change reaches is judged as this one. */
const asTheyCame = new Map<ApiName, Answer[]>();

const readAgain = (api: ApiName, exchange: Exchange, epoch: number): Answer =>
  readAnswer(exchange, { api, model: specModels[api], redact: (text) => text, epoch });

beforeAll(async () => {
  fake = await startFakeDeployment();
  for (const api of ['analytics', 'marketplace'] as const) {
    recorded.exchanges = [];
    // A shorter run of analytics: every check has answers to judge, and a few hundred runs of them stay quick.
    const limits = api === 'analytics' ? { maxRequestsPerSecond: 0, maxRequests: 150 } : { maxRequestsPerSecond: 0 };
    await runContract({ ...runOptionsFor(fake), apis: [api], limits });
    runs.set(api, recorded.exchanges);
  }
  recorded.on = false;
  // Read from a copy: reading drops the raw body.
  for (const [api, exchanges] of runs)
    asTheyCame.set(
      api,
      exchanges.map(({ exchange, epoch }) => readAgain(api, structuredClone(exchange), epoch)),
    );
});

afterAll(async () => {
  await fake?.close();
});

/** Every check on the run's answers read again, those `change` picks changed; the exceptions, one line each. */
function judgeChanged(api: ApiName, change: (json: unknown, index: number, exchange: Exchange) => unknown): string[] {
  const model = specModels[api];
  const answers = runs.get(api)!.map(({ exchange, epoch }, index) => {
    const json = exchange.response?.json;
    const changed = json === undefined ? json : change(json, index, exchange);
    if (changed === json) return asTheyCame.get(api)![index]!;
    const response = { ...exchange.response!, text: bodyText(changed) };
    const parsed = parseBoundedJson(response.text);
    response.json = parsed.ok ? parsed.value : undefined;
    if (!parsed.ok) response.jsonError = parsed.error;
    return readAgain(api, { ...exchange, response }, epoch);
  });
  const keys = fake.keys;
  const secrets: Record<string, string> = {
    ANALYTICS_API_KEY: keys.analytics,
    MARKETPLACE_API_KEY: keys.marketplace,
    MARKETPLACE_EMPTY_API_KEY: keys.emptyMarketplace,
    MARKETPLACE_PURCHASE_CODE: keys.purchaseCode,
  };
  const run = {
    api,
    model,
    mock: false,
    answers,
    valueOf: (value: Parameters<typeof isSecretRef>[0]) =>
      isSecretRef(value) ? `${value.prefix ?? ''}${secrets[value.secret] ?? ''}` : value,
  };
  const thrown: string[] = [];
  for (const check of CHECKS) {
    try {
      check.judge(run);
    } catch (error) {
      thrown.push(`${check.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  return thrown;
}

const AUDIT = 'the check audit';
const valueKinds = Object.keys(HOSTILE_VALUES);
const VALUES = casesOfThisTierNamed(AUDIT, valueKinds, (kind) => kind, REPRESENTATIVES.checkAuditValues);
const unreadableKinds = ['null', 'an object nested 20,000 levels', 'JSON cut short'];
const UNREADABLE = casesOfThisTierNamed(AUDIT, unreadableKinds, (kind) => kind, REPRESENTATIVES.checkAuditUnreadable);

describe.each(['analytics', 'marketplace'] as const)('every check on %s answers', (api) => {
  if (runsTestsBesideTheSweep())
    it('judges the answers as they came without throwing', () => {
      // The raw answers were recorded: an audit of no answer would pass whatever the checks do.
      expect(runs.get(api)!.filter(({ exchange }) => exchange.response?.json !== undefined).length).toBeGreaterThan(20);
      expect(judgeChanged(api, (json) => json)).toEqual([]);
    });

  it.each(VALUES)('judges answers with %s at every place without throwing', (kind) => {
    const places = new Map<string, Path>();
    for (const { exchange } of runs.get(api)!)
      if (exchange.response?.json !== undefined) placesOf(exchange.response.json, [], places);
    // One value serves every place: answers are judged from their text, so no place shares it with another.
    const value = HOSTILE_VALUES[kind]!();
    const thrown: string[] = [];
    for (const [name, path] of places) {
      const lines = judgeChanged(api, (json, index) => (index % 2 === 1 ? replaced(json, path, () => value) : json));
      thrown.push(...lines.map((line) => `$${name}: ${line}`));
    }
    expect(thrown.slice(0, 3)).toEqual([]);
  });

  // Answers that checks compare, one of them unreadable: the searched list read, the unsearched one not.
  it.each(UNREADABLE)(
    'judges answers that are %s only where a parameter is sent, or only where it is not, without throwing',
    (kind) => {
      const names = [...new Set(specModels[api].operations.flatMap((operation) => operation.parameters))].map(
        (parameter) => parameter.name,
      );
      const thrown: string[] = [];
      for (const name of new Set(names))
        for (const sent of [true, false]) {
          const lines = judgeChanged(api, (json, _, exchange) =>
            (exchange.case?.values[name] !== undefined) === sent ? HOSTILE_VALUES[kind]!() : json,
          );
          thrown.push(...lines.map((line) => `${name} ${sent ? 'sent' : 'not sent'}: ${line}`));
        }
      expect(thrown.slice(0, 3)).toEqual([]);
    },
  );
});
