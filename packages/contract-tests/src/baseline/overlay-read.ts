// Reading a baseline file: the YAML parsed with the line of each action, the
// document checked against the Overlay format and the baseline's statements
// (overlay-schema.ts), then each API's actions applied to that API's spec by
// openapi-format (see docs/contract-tests.md for why that library). An
// action whose target selects nothing in the spec is a baseline taken of
// another spec: it is named by its line rather than silently skipped. The
// pins are the statements of the actions; a refusal body is pinned by the
// schema the overlaid spec holds, so what is judged is the spec with the
// overlay applied.
import { readFileSync } from 'node:fs';
import { type ApiName, isObject, type Json, type JsonObject } from '@tallyport/spec-model/query';
import { openapiOverlay } from 'openapi-format';
import { LineCounter, parseDocument, isMap, isSeq } from 'yaml';
import { specDocuments } from '../spec/models.js';
import type { Outcome } from '../observations/points.js';
import { ACTION_API, type BaselineOverlay, OBSERVED, type OverlayAction } from './overlay-write.js';
import { overlayProblems } from './overlay-schema.js';
import type { ApiBaseline, Pin } from './types.js';

export class BaselineError extends Error {
  override name = 'BaselineError';
}

/** A baseline file read: the overlay, and the line each action starts at. */
export interface ReadBaseline {
  file: string;
  overlay: BaselineOverlay;
  lines: number[];
}

/** Parses and checks the text of a baseline file; throws `BaselineError` naming the line of what is wrong. */
export function parseBaseline(text: string, file: string): ReadBaseline {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (document.errors.length > 0) {
    const error = document.errors[0]!;
    throw new BaselineError(`${file}:${counter.linePos(error.pos[0]).line}: not YAML (${error.code})`);
  }
  const overlay = document.toJS({ maxAliasCount: 0 }) as unknown;
  const actionsNode = isMap(document.contents) ? document.contents.get('actions', true) : undefined;
  const lines = isSeq(actionsNode)
    ? actionsNode.items.map((item) => counter.linePos((item as { range?: [number] }).range?.[0] ?? 0).line)
    : [];
  const problems = overlayProblems(overlay);
  if (problems.length > 0) {
    const { path, message } = problems[0]!;
    const index = /^\/actions\/(\d+)/.exec(path)?.[1];
    const where = index !== undefined ? `:${lines[Number(index)] ?? '?'}` : '';
    throw new BaselineError(
      `${file}${where}: not a baseline overlay (${path || 'the document'} ${message}; ` +
        'an OpenAPI Overlay 1.0.0 written by tallyport-contract baseline)',
    );
  }
  return { file, overlay: overlay as BaselineOverlay, lines };
}

export function readBaseline(file: string): ReadBaseline {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BaselineError(`cannot read the baseline ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  return parseBaseline(text, file);
}

const strings = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** The pin an action states, with the schema of a refusal body read from the overlaid spec. */
function pinOf(action: OverlayAction, line: number, overlaid: JsonObject): Pin {
  const statement = action[OBSERVED];
  const evidence = strings(statement.requests);
  const operationId = String(statement.operation ?? '');
  switch (statement.point) {
    case 'status':
      // One action per status: the pins of an outcome are merged across actions (pinsOf).
      return {
        point: 'status',
        operationId,
        outcome: strings(statement.outcomes)[0] as Outcome,
        statuses: [Number(statement.status)],
        evidence,
        line,
      };
    case 'error-body': {
      const schemas = (overlaid.components as JsonObject | undefined)?.schemas as JsonObject | undefined;
      const schema = schemas?.[String(statement.schema)];
      return {
        point: 'error-body',
        operationId,
        status: Number(statement.status),
        mediaType: String(statement['media-type']),
        ...(isObject(schema) ? { schema } : {}),
        evidence,
        line,
      };
    }
    case 'key-place':
      return { point: 'key-place', operationId, place: String(statement.place), evidence, line };
    case 'envelope':
      return {
        point: 'envelope',
        operationId,
        record: String(statement.record),
        many: statement.many === true,
        where: String(statement.where),
        evidence,
        line,
      };
    case 'id-type':
      return { point: 'id-type', record: String(statement.record), types: strings(statement.types), evidence, line };
    case 'search':
      return { point: 'search', operationId, ways: strings(statement.ways), evidence, line };
    case 'conventions':
      return { point: 'conventions', operationId, checks: strings(statement.checks), evidence, line };
    default:
      return { point: 'collation', operationId, orders: strings(statement.orders), evidence, line };
  }
}

/**
 * The pins of one API's actions. A status action states every outcome answered with its status: each outcome
 * becomes a pin listing every status its actions name, at the line of the first.
 */
function pinsOf(actions: ReadonlyArray<{ action: OverlayAction; line: number }>, overlaid: JsonObject): Pin[] {
  const pins: Pin[] = [];
  const statuses = new Map<string, Pin & { point: 'status' }>();
  for (const { action, line } of actions) {
    const statement = action[OBSERVED];
    if (statement.point !== 'status') {
      pins.push(pinOf(action, line, overlaid));
      continue;
    }
    for (const outcome of strings(statement.outcomes)) {
      const key = `${String(statement.operation)} ${outcome}`;
      const known = statuses.get(key);
      if (known) known.statuses = [...new Set([...known.statuses, Number(statement.status)])].sort((a, b) => a - b);
      else {
        const pin = { ...(pinOf(action, line, overlaid) as Pin & { point: 'status' }), outcome: outcome as Outcome };
        statuses.set(key, pin);
        pins.push(pin);
      }
    }
  }
  return pins;
}

/** Applies one API's actions to its spec with openapi-format; throws naming the lines of actions that apply to nothing. */
export async function overlaid(
  read: ReadBaseline,
  api: ApiName,
): Promise<{ document: JsonObject; actions: Array<{ action: OverlayAction; line: number }> }> {
  const actions = read.overlay.actions
    .map((action, index) => ({ action, line: read.lines[index] ?? 0 }))
    .filter(({ action }) => action[ACTION_API] === api);
  const document = structuredClone(specDocuments[api]);
  if (actions.length === 0) return { document, actions };
  const overlay = { overlay: read.overlay.overlay, info: read.overlay.info, actions: actions.map(({ action }) => action) };
  const applied = await openapiOverlay(document as never, { overlaySet: overlay } as never);
  const unused = new Set((applied.resultData as { unusedActions?: unknown[] }).unusedActions ?? []);
  const stale = actions.filter(({ action }) => unused.has(action));
  if (stale.length > 0)
    throw new BaselineError(
      `${read.file}:${stale[0]!.line}: the target ${stale[0]!.action.target} is not in the ${api} spec ` +
        `(${stale.length} action(s) apply to nothing): the baseline was taken of another version of the spec; ` +
        'take it again (--update-baseline)',
    );
  return { document: applied.data as JsonObject, actions };
}

/** What a run of `api` is held to: the pins of its actions and its spec with them applied. */
export async function apiBaseline(read: ReadBaseline, api: ApiName): Promise<ApiBaseline> {
  const { document, actions } = await overlaid(read, api);
  return { file: read.file, pins: pinsOf(actions, document), document };
}
