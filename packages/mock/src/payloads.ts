// The bodies of successful answers, shaped as the spec's examples are: the
// first success example of the operation is the template, and the records go
// where it holds them (an envelope `{data: ...}`, the marketplace's `items`
// or `data.purchase`). Where the example shows page links and counters beside
// a list (`links`, `meta`, as Laravel writes them), they are filled in for the
// page answered; an answer that holds no record (a delete) is the example with
// the record's identifier. The source documentation shows none of these
// envelopes for analytics; the examples are what the spec illustrates.
import { isObject, pointerKeys, valueAt } from '@tallyport/spec-model/query';
import type { Page } from './listing.js';
import {
  type Json,
  type JsonObject,
  type MockOperation,
  type MockSpec,
  type RecordLocation,
  recordLocations,
  successResponses,
} from './spec.js';

function withValueAt(root: Json, pointer: string, value: Json): Json {
  if (pointer === '') return value;
  const keys = pointerKeys(pointer);
  const copy = structuredClone(isObject(root) ? root : {}) as JsonObject;
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as JsonObject;
  }
  node[keys.at(-1)!] = value;
  return copy;
}

/** The first success example, and where it holds records of the kind and many-ness asked for. */
function template(operation: MockOperation, many: boolean): { example: Json; location?: RecordLocation } {
  const examples = successResponses(operation).flatMap((response) => response.examples);
  const locations = recordLocations(operation).filter((location) => location.many === many);
  for (const { value } of examples) {
    for (const location of locations) {
      const held = valueAt(value, location.pointer);
      if (many ? Array.isArray(held) : isObject(held)) return { example: value, location };
    }
  }
  return { example: examples[0]?.value ?? {}, location: locations.at(-1) };
}

/** An absolute link to `page` of the list asked for: the request's own query, with `page` set. */
function pageLink(url: URL, page: number): string {
  const link = new URL(url.href);
  link.searchParams.delete('page');
  link.searchParams.append('page', String(page));
  return link.href;
}

/** Page links and counters beside a list, for the keys the example shows there. */
function paginate(example: JsonObject, page: Page, url: URL): JsonObject {
  const perPage = page.perPage ?? Math.max(page.total, 1);
  const last = Math.max(1, Math.ceil(page.total / perPage));
  const from = page.rows.length > 0 ? (page.page - 1) * perPage + 1 : null;
  const links: Record<string, Json> = {
    first: pageLink(url, 1),
    last: pageLink(url, last),
    prev: page.page > 1 ? pageLink(url, page.page - 1) : null,
    next: page.page < last ? pageLink(url, page.page + 1) : null,
  };
  const meta: Record<string, Json> = {
    current_page: page.page,
    from,
    last_page: last,
    path: `${url.origin}${url.pathname}`,
    per_page: perPage,
    to: from === null ? null : from + page.rows.length - 1,
    total: page.total,
  };
  const out = { ...example };
  for (const [member, values] of [
    ['links', links],
    ['meta', meta],
  ] as const) {
    const shown = example[member];
    if (!isObject(shown)) continue;
    out[member] = Object.fromEntries(Object.keys(shown).map((key) => [key, key in values ? values[key]! : null]));
  }
  return out;
}

function withOutcome(spec: MockSpec, body: Json): Json {
  if (!spec.outcome || !isObject(body)) return body;
  return { ...body, [spec.outcome.field]: spec.outcome.success };
}

/** A list answer: the page's rows where the example holds a list, with its pagination filled in. */
export function listPayload(spec: MockSpec, operation: MockOperation, page: Page, url: URL): Json {
  const { example, location } = template(operation, true);
  let body = withValueAt(example, location?.pointer ?? '', page.rows);
  if (isObject(body) && location?.pointer !== '') body = paginate(body, page, url);
  return withOutcome(spec, body);
}

/** A one-record answer. */
export function recordPayload(spec: MockSpec, operation: MockOperation, record: JsonObject): Json {
  const { example, location } = template(operation, false);
  return withOutcome(spec, withValueAt(example, location?.pointer ?? '', record));
}

/** An answer that holds no record (a delete): the example, naming the record by its identifier. */
export function noRecordPayload(
  spec: MockSpec,
  operation: MockOperation,
  identifier: string | undefined,
  id: Json,
): Json {
  const example = structuredClone(successResponses(operation)[0]?.examples[0]?.value ?? {});
  if (identifier && isObject(example) && identifier in example) example[identifier] = id;
  return withOutcome(spec, example);
}
