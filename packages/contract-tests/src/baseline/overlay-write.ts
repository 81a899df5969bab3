// A baseline as an OpenAPI Overlay 1.0.0 document: one action per observed
// point (observations/points.ts), each adding to the spec what the deployment
// did where the spec is silent (a response per status it answered with, the
// schema its refusals share, where it reads the key, where its records sit,
// its id type, how its search matches and its text is ordered) and carrying
// `x-tallyport-observed`: the point, as a run reads it back, and the requests
// behind it. Both APIs share one file, each action saying its API
// (`x-tallyport-api`): one file to commit and review, one flag to pass.
//
// The file is the same for the same deployment: actions in a fixed order,
// keys in a fixed order, no run id, date, count or id in an action. The run
// and date it was taken are in `info`, and a file whose actions would not
// change is left as it is.
import {
  type ApiName,
  isObject,
  type Json,
  type JsonObject,
  type OperationModel,
  operationById,
  responseFor,
  type SpecModel,
  successResponses,
  valueAt,
} from '@tallyport/spec-model/query';
import { stringify } from 'yaml';
import type { BodyShape } from '../answers/body-shape.js';
import {
  type ErrorBodyPoint,
  type ObservedPoint,
  type Outcome,
  outcomeText,
  type StatusPoint,
  valueText,
} from '../observations/points.js';
import { identifierKeys, jsonPath, observedSchemaName, operationKeys, schemaRef } from './targets.js';

export const OVERLAY_VERSION = '1.0.0';
/** Where `tallyport-contract baseline` writes, unless told otherwise. */
export const DEFAULT_BASELINE_FILE = 'tallyport.baseline.yaml';
/** The mark of what a baseline adds inside a spec where no OpenAPI field says it (where the key is read). */
export const BASELINE_MARK = 'x-tallyport-baseline';
/** Every action's statement of the point it pins. */
export const OBSERVED = 'x-tallyport-observed';
export const ACTION_API = 'x-tallyport-api';

export interface OverlayAction {
  target: string;
  description: string;
  update: JsonObject;
  [ACTION_API]: ApiName;
  [OBSERVED]: JsonObject;
}

export interface BaselineOverlay {
  overlay: string;
  info: JsonObject & { title: string; version: string };
  actions: OverlayAction[];
}

/** A body shape as the JSON Schema a baseline pins: the members every refusal held, each with its type. */
export function schemaOfShape(shape: BodyShape | undefined): JsonObject {
  if (!shape?.type) return {};
  if (shape.type !== 'object' || !shape.members) return { type: shape.type };
  const names = Object.keys(shape.members).sort();
  if (names.length === 0) return { type: 'object' };
  return {
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, schemaOfShape(shape.members![name])])),
  };
}

/** The schema that says where a success holds its records: `$.data` is an object whose `data` holds them. */
function envelopeSchema(where: string, many: boolean): JsonObject {
  const keys = where.split('.').slice(1);
  let schema: JsonObject = { type: many ? 'array' : 'object' };
  for (const key of keys.reverse()) schema = { type: 'object', required: [key], properties: { [key]: schema } };
  return schema;
}

/** The schema the spec gives an operation's success, as it stands in the document (a `$ref` kept). */
function successSchema(model: SpecModel, operation: OperationModel): JsonObject | undefined {
  const pointer = successResponses(operation)[0]?.schemaPointer;
  const node = pointer ? valueAt(model.document, pointer) : undefined;
  return isObject(node) ? structuredClone(node) : undefined;
}

type OperationPoint = ObservedPoint & { operationId: string };

const statement = (point: string, fields: JsonObject, evidence: string[]): JsonObject => ({
  run: 'baseline',
  point,
  ...fields,
  requests: evidence,
});

/** The actions of one API, in a fixed order: schemas first (the responses refer to them), then what they pin. */
export function baselineActions(api: ApiName, model: SpecModel, points: readonly ObservedPoint[]): OverlayAction[] {
  const actions: OverlayAction[] = [];
  const action = (keys: string[], description: string, update: JsonObject, observed: JsonObject): void => {
    actions.push({ target: jsonPath(keys), description, update, [ACTION_API]: api, [OBSERVED]: observed });
  };
  const bodies = points.filter((point): point is ErrorBodyPoint => point.point === 'error-body');
  const envelopes = new Map(
    points.flatMap((point) => (point.point === 'envelope' ? [[point.operationId, point] as const] : [])),
  );
  for (const point of bodies) {
    if (!point.mediaType) continue;
    const name = observedSchemaName(point.operationId, `Refusal${point.status}`);
    const json = /[/+]json$/.test(point.mediaType);
    action(
      ['components', 'schemas'],
      `${point.operationId}: the body of its refusals with HTTP ${point.status}`,
      {
        [name]: {
          description:
            `What every refusal of ${point.operationId} with HTTP ${point.status} held when the baseline was taken ` +
            '(member names and types only; the source documentation shows no error body).',
          ...(json ? schemaOfShape(point.shape) : { type: 'string' }),
        },
      },
      statement(
        'error-body',
        { operation: point.operationId, status: point.status, 'media-type': point.mediaType, schema: name },
        point.evidence,
      ),
    );
  }
  for (const point of envelopes.values()) {
    const operation = operationById(model, point.operationId);
    const spec = successSchema(model, operation);
    action(
      ['components', 'schemas'],
      `${point.operationId}: where its successes hold the ${point.record} records`,
      {
        [observedSchemaName(point.operationId, 'Payload')]: {
          description: `A success of ${point.operationId}: ${valueText(point)}, as observed when the baseline was taken.`,
          allOf: [...(spec ? [spec] : []), envelopeSchema(point.where, point.many)],
        },
      },
      statement(
        'envelope',
        { operation: point.operationId, record: point.record, many: point.many, where: point.where },
        point.evidence,
      ),
    );
  }
  // One response per status of an operation, for every outcome answered with it.
  const statuses = points.filter((point): point is StatusPoint => point.point === 'status');
  for (const operation of model.operations) {
    const own = statuses.filter((point) => point.operationId === operation.id);
    const codes = [...new Set(own.flatMap((point) => point.statuses))].sort((a, b) => a - b);
    for (const status of codes) {
      const outcomes = own.filter((point) => point.statuses.includes(status)).map((point) => point.outcome);
      const evidence = own.filter((point) => point.statuses.includes(status)).flatMap((point) => point.evidence);
      const schemas: JsonObject[] = [];
      if (outcomes.includes('success')) {
        const spec = successSchema(model, operation);
        if (envelopes.has(operation.id)) schemas.push(schemaRef(observedSchemaName(operation.id, 'Payload')));
        else if (spec) schemas.push(spec);
      }
      const body = bodies.find((point) => point.operationId === operation.id && point.status === status);
      const refused = outcomes.some((outcome) => outcome !== 'success');
      if (refused && body?.mediaType) schemas.push(schemaRef(observedSchemaName(operation.id, `Refusal${status}`)));
      else if (refused && !body) {
        // No shape pinned (the spec shows the error body): the spec's own schema for a refusal with this status. A
        // refusal observed with an empty body gets no content at all.
        const declared = responseFor(operation, status)?.schemaPointer;
        const node = declared ? valueAt(model.document, declared) : undefined;
        if (node && typeof node === 'object' && !schemas.some((entry) => JSON.stringify(entry) === JSON.stringify(node)))
          schemas.push(structuredClone(node) as JsonObject);
      }
      const mediaType = refused && body?.mediaType && !outcomes.includes('success') ? body.mediaType : 'application/json';
      const schema = schemas.length > 1 ? { anyOf: schemas } : schemas[0];
      action(
        [...operationKeys(operation), 'responses'],
        `${operation.id}: HTTP ${status} for ${outcomes.map(outcomeText).join(', ')}`,
        {
          [String(status)]: {
            description:
              `Observed for ${outcomes.map(outcomeText).join(', ')} when the baseline was taken ` +
              '(the source documentation shows no status codes).',
            ...(schema ? { content: { [mediaType]: { schema } } } : {}),
          },
        },
        statement(
          'status',
          { operation: operation.id, status, outcomes: [...outcomes].sort(outcomeCompare) },
          [...new Set(evidence)].sort().slice(0, 3),
        ),
      );
    }
  }
  // What the spec has no field for, marked on the operation: the mark's name, and the point's field it holds.
  const mark = (point: OperationPoint, name: string, field: string, value: Json, what: string) =>
    action(
      operationKeys(operationById(model, point.operationId)),
      `${point.operationId}: ${what}`,
      { [BASELINE_MARK]: { [name]: value } },
      statement(point.point, { operation: point.operationId, [field]: value }, point.evidence),
    );
  for (const point of points) {
    if (point.point === 'key-place')
      mark(point, 'key-in', 'place', point.place, `reads the key from the ${point.place}`);
    else if (point.point === 'id-type' && point.types.length === 1) {
      const record = model.records[point.record]!;
      action(
        identifierKeys(record),
        `${point.record} ids are ${point.types[0]}s`,
        { type: point.types[0]! },
        statement('id-type', { record: point.record, types: point.types }, point.evidence),
      );
    } else if (point.point === 'search')
      mark(point, 'search-matches', 'ways', point.ways, `its search is ${valueText(point)}`);
    else if (point.point === 'conventions') {
      const what = `the conventions that held (${point.checks.length} checks without a warning)`;
      mark(point, 'conventions-held', 'checks', point.checks, what);
    } else if (point.point === 'collation')
      mark(point, 'text-order', 'orders', point.orders, `its text order is ${valueText(point)}`);
  }
  return actions;
}

const outcomeCompare = (a: Outcome, b: Outcome): number => (a < b ? -1 : a > b ? 1 : 0);

/** The whole overlay: both APIs' actions, the analytics API's first, and `info` saying when it was taken. */
export function baselineOverlay(
  actions: readonly OverlayAction[],
  taken: { runId: string; date: string },
  specVersions: Partial<Record<ApiName, string>>,
): BaselineOverlay {
  return {
    overlay: OVERLAY_VERSION,
    info: {
      title: 'tallyport-contract baseline',
      version: '1.0.0',
      'x-tallyport-taken': { run: taken.runId, date: taken.date },
      'x-tallyport-specs': specVersions as JsonObject,
    },
    actions: [...actions],
  };
}

const YAML_OPTIONS = { lineWidth: 0, aliasDuplicateObjects: false } as const;

/**
 * The overlay as the text of the file, with a comment saying what it is. Where `previous` (the file's text as it
 * was) holds the same actions, it is returned unchanged: a baseline taken again of the same deployment is the same
 * file, its `info` naming the run that first took it.
 */
export function baselineText(overlay: BaselineOverlay, previous?: string): string {
  const body = (document: unknown) => stringify(document, YAML_OPTIONS);
  if (previous !== undefined) {
    const start = previous.indexOf('\nactions:\n');
    if (start >= 0 && previous.slice(start + 1) === body({ actions: overlay.actions })) return previous;
  }
  return `${HEADER}${body({ overlay: overlay.overlay, info: overlay.info })}${body({ actions: overlay.actions })}`;
}

const HEADER =
  '# What this deployment does where the Tallyport specs are silent, pinned by `tallyport-contract baseline`\n' +
  '# (an OpenAPI Overlay 1.0.0 over specs/analytics.yaml and specs/marketplace.yaml, each action naming its API\n' +
  '# in x-tallyport-api). A run given `--baseline` fails when a pinned point no longer holds (drift).\n' +
  '# Review changes to it like code: `--update-baseline` rewrites it after a change that was meant.\n';
