// The stateful mock: one engine answers both APIs from an in-memory dataset
// per key, driven by what the spec model says of each operation. Its effect
// says what it does to the data (a read, a create, an update that changes only
// what is sent, a delete); its record locations say which kind it answers and
// whether one or many; `x-tallyport-identifies` and `x-tallyport-echo` say how
// one record is found; the roles of its parameters say how a list is searched,
// ordered, paged and limited to a range; its documented messages say what to
// answer when nothing is found. No operation has a handler of its own.
import { createdFields, isObject, updatedFields } from '@tallyport/spec-model/query';
import { parseYmd, timestamp } from './calendar.js';
import { buildDataset, type Dataset, nullable, type Scope, shownRecord } from './dataset.js';
import { type Inputs, readInputs, typedValue } from './inputs.js';
import type { ListParams, Page } from './listing.js';
import { listPage } from './listing.js';
import { listPayload, noRecordPayload, recordPayload } from './payloads.js';
import { createRandom, type Random } from './random.js';
import { documentedRefusal, type MockAnswer, refusal } from './refusals.js';
import type { MockRequest } from './request.js';
import { lastValue } from './request.js';
import {
  API_NAMES,
  type ApiName,
  echoing,
  identifying,
  type Json,
  type JsonObject,
  listedKind,
  type MockOperation,
  type MockSpec,
  parameterWithRole,
  SPECS,
  singleKind,
} from './spec.js';
import { statisticPage } from './statistics.js';

export type { MockAnswer };

/** The keys the mock knows. None is a secret: they are printed at start. */
export interface MockKeys {
  /** The analytics key (`Authorization: Bearer …`). */
  analyticsKey: string;
  /** The marketplace key of an account with items. */
  marketKey: string;
  /** The marketplace key of an account without items. */
  emptyKey: string;
}

export const DEFAULT_KEYS: Readonly<MockKeys> = {
  analyticsKey: 'demo-analytics-key',
  marketKey: 'demo-market-key',
  emptyKey: 'demo-empty-key',
};

/** Which option holds each API's key, and its key without records where the spec names that condition. */
const KEY_OPTIONS: Record<ApiName, { full: keyof MockKeys; empty?: keyof MockKeys }> = {
  analytics: { full: 'analyticsKey' },
  marketplace: { full: 'marketKey', empty: 'emptyKey' },
};

export interface MockEngineOptions {
  /** The number every invented record, count and failure comes from (default 1): the same number, the same data. */
  seed?: number;
  /** Keys that replace the demo keys. */
  keys?: Partial<MockKeys>;
  /** Milliseconds to wait before each answer (default 0). */
  latencyMs?: number;
  /** Share of requests, 0 to 1, answered with a server failure instead (default 0). */
  failRate?: number;
  /** The clock for records created and updated (default `Date.now`). */
  now?: () => number;
}

/** A value only the mock's data makes valid (a purchase code), printed at start. */
export interface KnownValue {
  api: ApiName;
  parameter: string;
  value: string;
  /** The record it belongs to (the item of a purchase). */
  about?: { kind: string; id: Json; name?: Json };
}

/** The keys of one API and what they hold (see `MockEngine.describe`). */
export interface ApiDescription {
  key: string;
  /** A key whose account holds no records, where the spec names that condition. */
  emptyKey?: string;
  /** Where the key travels. */
  keyPlace: string;
  records: Array<{ kind: string; count: number }>;
}

interface Route {
  operation: MockOperation;
  pattern: RegExp;
  names: string[];
}

interface Routed {
  state: ApiState;
  route: Route;
  match: RegExpExecArray;
}

interface ApiState {
  spec: MockSpec;
  dataset: Dataset;
  scopes: Map<string, Scope>;
  routes: Route[];
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;
const JSON_HEADERS = { 'content-type': 'application/json' };

function routeOf(operation: MockOperation): Route {
  const names: string[] = [];
  const source = operation.path
    .split('/')
    .map((segment) =>
      segment.replace(/\{([^}]+)\}|[.*+?^$()|[\]\\]/g, (found, name?: string) => {
        if (!name) return `\\${found}`;
        names.push(name);
        return '([^/]+)';
      }),
    )
    .join('/');
  return { operation, pattern: new RegExp(`^${source}/?$`), names };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const delay = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

export class MockEngine {
  readonly seed: number;
  readonly keys: Readonly<MockKeys>;
  readonly latencyMs: number;
  readonly failRate: number;
  private readonly apis: Record<ApiName, ApiState>;
  private readonly failures: Random;
  private readonly now: () => number;

  constructor(options: MockEngineOptions = {}) {
    this.seed = options.seed ?? 1;
    if (!Number.isSafeInteger(this.seed) || this.seed < 0) throw new RangeError('seed must be a whole number >= 0');
    this.latencyMs = options.latencyMs ?? 0;
    if (!Number.isFinite(this.latencyMs) || this.latencyMs < 0) throw new RangeError('latencyMs must be >= 0');
    this.failRate = options.failRate ?? 0;
    if (!(this.failRate >= 0 && this.failRate <= 1)) throw new RangeError('failRate must be from 0 to 1');
    this.keys = { ...DEFAULT_KEYS, ...options.keys };
    for (const [name, key] of Object.entries(this.keys))
      if (typeof key !== 'string' || key === '') throw new TypeError(`keys.${name} must be a non-empty string`);
    if (new Set(Object.values(this.keys)).size !== Object.keys(this.keys).length)
      throw new TypeError('the keys must differ from one another');
    this.now = options.now ?? Date.now;
    this.failures = createRandom(this.seed ^ 0x5bd1e995);
    const apis = {} as Record<ApiName, ApiState>;
    for (const api of API_NAMES) {
      const spec = SPECS[api];
      const dataset = buildDataset(spec, this.seed);
      const scopes = new Map<string, Scope>([[this.keys[KEY_OPTIONS[api].full], dataset.full]]);
      const empty = KEY_OPTIONS[api].empty;
      if (empty && dataset.empty) scopes.set(this.keys[empty], dataset.empty);
      apis[api] = { spec, dataset, scopes, routes: spec.operations.map(routeOf) };
    }
    this.apis = apis;
  }

  /** The values only this data makes valid, by API: one purchase code per item. */
  knownValues(): KnownValue[] {
    const values: KnownValue[] = [];
    for (const api of API_NAMES) {
      const { spec, dataset } = this.apis[api];
      for (const [kind, field] of Object.entries(dataset.lookups)) {
        const parameter = spec.operations.map(echoing).find((candidate) => candidate?.echo === field);
        const role = dataset.roles[kind];
        for (const record of dataset.full.records.get(kind) ?? []) {
          const value = record[field];
          if (typeof value !== 'string') continue;
          const about =
            role?.role === 'referring' && isObject(record[role.reference.field])
              ? (record[role.reference.field] as JsonObject)
              : undefined;
          values.push({
            api,
            parameter: parameter?.name ?? field,
            value,
            ...(about && role?.role === 'referring'
              ? {
                  about: {
                    kind: role.reference.kind,
                    id: about[role.reference.identifier] ?? null,
                    ...(about.name !== undefined ? { name: about.name } : {}),
                  },
                }
              : {}),
          });
        }
      }
    }
    return values;
  }

  /** What a caller needs to use an API of this mock: its keys, where they go, and what each key holds. */
  describe(api: ApiName): ApiDescription {
    const state = this.apis[api];
    const options = KEY_OPTIONS[api];
    const places = new Set<string>();
    for (const { credential, method } of state.spec.operations) {
      if (!credential) continue;
      if (credential.in === 'bearer') places.add('Authorization: Bearer <key>');
      else {
        const where = { query: 'query string', body: 'form body', header: 'header', cookie: 'cookie' }[credential.in];
        places.add(`${credential.name} in the ${where} of ${method}`);
      }
    }
    const records = Object.entries(state.dataset.roles)
      .filter(([, role]) => role.role === 'addressable')
      .map(([kind]) => ({ kind, count: this.count(api, kind) }));
    return {
      key: this.keys[options.full],
      ...(options.empty && state.dataset.empty ? { emptyKey: this.keys[options.empty] } : {}),
      keyPlace: [...places].join(', ') || 'none',
      records,
    };
  }

  /** How many records of a kind a key holds now (for start-up lines and tests). */
  count(api: ApiName, kind: string, key = this.keys[KEY_OPTIONS[api].full]): number {
    return this.apis[api].scopes.get(key)?.records.get(kind)?.length ?? 0;
  }

  /** Answers a request after the configured latency, failing the configured share of them. */
  async respond(request: MockRequest, only?: ApiName, signal?: AbortSignal): Promise<MockAnswer> {
    if (this.latencyMs > 0) await delay(this.latencyMs, signal);
    if (this.failRate > 0 && this.failures.chance(this.failRate)) return this.failure(request, only);
    return this.handle(request, only);
  }

  /** Answers a request at once: routing, the key, the parameters, then the operation's effect. */
  handle(request: MockRequest, only?: ApiName): MockAnswer {
    const found = this.route(request, only);
    if ('answer' in found) return found.answer;
    const { state, route, match } = found;
    const path: Record<string, string> = {};
    route.names.forEach((name, index) => {
      path[name] = decoded(match[index + 1] ?? '');
    });
    const scope = this.scopeOf(state, route.operation, request);
    if (!scope) return json(refusal(state.spec, 'key'));
    const inputs = readInputs(route.operation, request, path);
    if (inputs.problems.length > 0) return json(refusal(state.spec, 'invalid', inputs.problems));
    return json(this.serve(state, scope, route.operation, inputs, request));
  }

  private route(request: MockRequest, only?: ApiName): Routed | { answer: MockAnswer } {
    const allowed: string[] = [];
    let owner: ApiState | undefined;
    for (const api of only ? [only] : API_NAMES) {
      const state = this.apis[api];
      for (const route of state.routes) {
        const match = route.pattern.exec(request.url.pathname);
        if (!match) continue;
        owner ??= state;
        if (route.operation.method === request.method) return { state, route, match };
        allowed.push(route.operation.method);
      }
    }
    if (owner) return { answer: json(refusal(owner.spec, 'method'), { allow: allowed.join(', ') }) };
    return { answer: json(refusal(this.ownerOf(request.url.pathname, only).spec, 'not-found')) };
  }

  /** The API whose paths share the longest start with `path`. */
  private ownerOf(path: string, only?: ApiName): ApiState {
    const shared = (state: ApiState) =>
      Math.max(
        ...state.routes.map((route) => {
          let length = 0;
          while (length < path.length && path[length] === route.operation.path[length]) length++;
          return length;
        }),
      );
    const candidates = (only ? [only] : API_NAMES).map((api) => this.apis[api]);
    return candidates.reduce((best, state) => (shared(state) > shared(best) ? state : best));
  }

  private scopeOf(state: ApiState, operation: MockOperation, request: MockRequest): Scope | undefined {
    const credential = operation.credential;
    if (!credential) return state.dataset.full;
    let key: string | undefined;
    if (credential.in === 'bearer') key = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
    else if (credential.in === 'query') key = lastValue(request.url.searchParams, credential.name);
    else if (credential.in === 'header') key = request.headers[credential.name.toLowerCase()];
    else if (credential.in === 'body' && request.headers['content-type']?.includes('x-www-form-urlencoded'))
      key = lastValue(new URLSearchParams(request.body), credential.name);
    return key ? state.scopes.get(key) : undefined;
  }

  private failure(request: MockRequest, only?: ApiName): MockAnswer {
    const found = this.route(request, only);
    const operation = 'answer' in found ? undefined : found.route.operation;
    const example = operation?.responses.find((response) => response.key === 'default')?.examples[0]?.value;
    return json({ status: 503, body: example ?? { message: 'Service Unavailable' } });
  }

  private serve(state: ApiState, scope: Scope, operation: MockOperation, inputs: Inputs, request: MockRequest) {
    if (operation.effect === 'create') return this.create(state, scope, operation, inputs);
    const listed = listedKind(operation);
    if (operation.effect === 'read' && listed) return this.list(state, scope, operation, inputs, request, listed);
    // An update or a delete may answer no record: the kind is then the one its identifier names.
    const kind = singleKind(operation) ?? identifying(operation)?.identifies;
    const found = kind ? this.find(state, scope, operation, inputs, kind) : undefined;
    if (!kind || !found) return this.notFound(state, operation, inputs);
    if (operation.effect === 'update') {
      this.update(operation, inputs, found);
      return { status: 200, body: recordPayload(state.spec, operation, shownRecord(state.dataset, kind, found)) };
    }
    if (operation.effect === 'delete') {
      const records = scope.records.get(kind) ?? [];
      records.splice(records.indexOf(found), 1);
      const identifier = state.dataset.facts[kind]?.identifier;
      const id = identifier ? (found[identifier] ?? null) : null;
      return { status: 200, body: noRecordPayload(state.spec, operation, identifier, id) };
    }
    return { status: 200, body: recordPayload(state.spec, operation, shownRecord(state.dataset, kind, found)) };
  }

  /** The one record an operation addresses: by identifier, by a value it echoes, or the key's only one. */
  private find(state: ApiState, scope: Scope, operation: MockOperation, inputs: Inputs, kind: string) {
    const records = scope.records.get(kind) ?? [];
    const role = state.dataset.roles[kind];
    const byId = identifying(operation, kind);
    if (role?.role === 'addressable' && byId) {
      const wanted = inputs.values[byId.name];
      return records.find((record) => String(record[role.identifier]) === wanted);
    }
    const lookup = state.dataset.lookups[kind];
    const echo = echoing(operation);
    if (lookup && echo) return records.find((record) => record[lookup] === inputs.values[echo.name]);
    return records[0];
  }

  /** The documented message of "nothing found" for this operation, or a plain 404. */
  private notFound(state: ApiState, operation: MockOperation, inputs: Inputs): MockAnswer {
    const message = operation.errorMessages.find(
      (entry) =>
        entry.trigger === 'unknown-identifier' ||
        (entry.trigger === 'unrecognised-value' && entry.parameter !== undefined && entry.parameter in inputs.values),
    );
    return documentedRefusal(state.spec, message);
  }

  private listParams(operation: MockOperation, inputs: Inputs, request: MockRequest, fields: string[]): ListParams {
    const value = (role: Parameters<typeof parameterWithRole>[1]) => {
      const parameter = parameterWithRole(operation, role);
      if (!parameter) return undefined;
      return inputs.values[parameter.name] ?? (parameter.default === undefined ? undefined : String(parameter.default));
    };
    const searchParameter = parameterWithRole(operation, 'search');
    const text = searchParameter ? inputs.values[searchParameter.name] : undefined;
    const fieldParameter = parameterWithRole(operation, 'search-field');
    const allowed = (fieldParameter?.enum ?? []).map(String);
    const sentField = fieldParameter ? inputs.values[fieldParameter.name] : undefined;
    const fallback = fieldParameter?.default === undefined ? undefined : String(fieldParameter.default);
    const field = sentField ?? (fallback && allowed.includes(fallback) ? fallback : allowed[0]) ?? fields[0];
    const key = value('sort-key');
    const direction = value('sort-direction') === 'desc' ? 'desc' : 'asc';
    const size = value('page-size');
    const page = Number(lastValue(request.url.searchParams, 'page'));
    return {
      ...(text !== undefined && text !== '' && field ? { search: { field, text } } : {}),
      ...(key ? { sort: { key, direction } } : {}),
      ...(size !== undefined && Number.isFinite(Number(size)) ? { perPage: Number(size) } : {}),
      page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    };
  }

  private list(
    state: ApiState,
    scope: Scope,
    operation: MockOperation,
    inputs: Inputs,
    request: MockRequest,
    kind: string,
  ): MockAnswer {
    const role = state.dataset.roles[kind];
    const shown = state.dataset.shown[kind] ?? [];
    const params = this.listParams(operation, inputs, request, shown);
    let page: Page;
    if (role?.role === 'computed') {
      // The rows are about one record (a website): it must exist for this key.
      const owner = identifying(operation);
      if (owner?.identifies && !this.find(state, scope, operation, inputs, owner.identifies))
        return this.notFound(state, operation, inputs);
      const start = parameterWithRole(operation, 'range-start');
      const end = parameterWithRole(operation, 'range-end');
      const selector = operation.parameters.find(
        (parameter) => parameter.enum && !parameter.role && parameter.in === 'query',
      );
      const [valueField, countField] = this.rowFields(state, kind);
      page = statisticPage({
        seed: this.seed,
        owner: owner ? (inputs.values[owner.name] ?? '') : '',
        name: selector ? (inputs.values[selector.name] ?? '') : '',
        from: parseYmd((start && inputs.values[start.name]) ?? '') ?? 0,
        to: parseYmd((end && inputs.values[end.name]) ?? '') ?? 0,
        valueField,
        countField,
        list: params,
      });
    } else {
      const records = scope.records.get(kind) ?? [];
      const empty = operation.errorMessages.find((entry) => entry.trigger === 'key-without-records');
      if (records.length === 0 && empty) return documentedRefusal(state.spec, empty);
      page = listPage(
        records.map((record) => shownRecord(state.dataset, kind, record)),
        params,
      );
    }
    return { status: 200, body: listPayload(state.spec, operation, page, request.url) };
  }

  /** The counted value and its count, for computed rows: the row field whose schema is text first, then the number. */
  private rowFields(state: ApiState, kind: string): [string, string] {
    const fields = state.dataset.shown[kind] ?? [];
    const properties = (state.spec.recordSchemas[kind] as JsonObject | undefined)?.properties as JsonObject | undefined;
    const firstType = (field: string) => {
      const type = (properties?.[field] as JsonObject | undefined)?.type;
      return Array.isArray(type) ? type[0] : type;
    };
    const count = fields.find((field) => ['number', 'integer'].includes(String(firstType(field)))) ?? 'count';
    const value = fields.find((field) => field !== count) ?? 'value';
    return [value, count];
  }

  private create(state: ApiState, scope: Scope, operation: MockOperation, inputs: Inputs): MockAnswer {
    const kind = singleKind(operation);
    const role = kind ? state.dataset.roles[kind] : undefined;
    if (!kind || role?.role !== 'addressable') return refusal(state.spec, 'not-found');
    const records = scope.records.get(kind) ?? [];
    scope.records.set(kind, records);
    const facts = state.dataset.facts[kind]!;
    const now = timestamp(this.now());
    // Never a deleted record's id: "deleted, then 404" must not meet a new record under the old id.
    const held = records.map((record) => Number(record[role.identifier]) || 0);
    const nextId = Math.max(scope.highestIds.get(kind) ?? 0, ...held) + 1;
    scope.highestIds.set(kind, nextId);
    // The documented write rules (shared with the contract tester's model): what was sent, and defaults.
    const written = createdFields(operation, inputs.values);
    const stored = (name: string) => {
      const entry = written[name];
      if (!entry) return undefined;
      const parameter = operation.parameters.find((candidate) => candidate.name === name);
      return entry.source === 'sent' ? typedValue(parameter, String(entry.value)) : (entry.value as Json);
    };
    const record: JsonObject = {};
    for (const field of state.dataset.shown[kind] ?? []) {
      const value = stored(field);
      const example = facts.examples[0]?.[field];
      if (field === role.identifier) record[field] = nextId;
      else if (value !== undefined) record[field] = value;
      else if (typeof example === 'string' && TIMESTAMP.test(example)) record[field] = now;
      else if (nullable(state.dataset, kind, field)) record[field] = null;
    }
    for (const name of Object.keys(written)) if (!(name in record)) record[name] = stored(name)!;
    records.push(record);
    return { status: 201, body: recordPayload(state.spec, operation, shownRecord(state.dataset, kind, record)) };
  }

  /** Changes only what was sent, and the record's "updated" timestamps when something did change. */
  private update(operation: MockOperation, inputs: Inputs, record: JsonObject): void {
    let changed = false;
    for (const [name, entry] of Object.entries(updatedFields(operation, inputs.values))) {
      const parameter = operation.parameters.find((candidate) => candidate.name === name);
      const value = typedValue(parameter, String(entry.value));
      changed ||= record[name] !== value;
      record[name] = value;
    }
    if (!changed) return;
    const now = timestamp(this.now());
    for (const [field, value] of Object.entries(record))
      if (/updated|modified/i.test(field) && typeof value === 'string' && TIMESTAMP.test(value)) record[field] = now;
  }
}

function json(answer: MockAnswer, headers: Record<string, string> = {}): MockAnswer {
  return answer.body === undefined
    ? answer
    : { ...answer, headers: { ...JSON_HEADERS, ...answer.headers, ...headers } };
}
