// Pure questions asked of a spec model: no I/O and no dependencies, so the
// packages that need them at run time bundle this module with a generated
// copy of the model.
import type {
  ApiName,
  HttpMethod,
  Json,
  JsonObject,
  OperationModel,
  ParameterModel,
  ParameterRole,
  RecordKind,
  RecordLocation,
  ResponseModel,
  SpecModel,
} from './types.js';
import { isObject } from './json.js';

export type * from './types.js';
export { isObject } from './json.js';
export { describeProblems, MAX_PROBLEMS, readablePath, type SchemaError } from './problems.js';
export { createdFields, fixedFields, updatedFields, writableFields, type WrittenValue } from './writes.js';
export {
  isForbidden,
  isRequiredPath,
  propertiesOf,
  propertyOf,
  recordLocationsOf,
  requiredKeys,
  typesOf,
} from './schemas.js';

export const API_NAMES: readonly ApiName[] = ['analytics', 'marketplace'];

/** The methods a path item may hold (OpenAPI 3.1, section 4.8.9), in the order specs list them. */
export const HTTP_METHODS: readonly HttpMethod[] = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
];

export function isApiName(value: string): value is ApiName {
  return (API_NAMES as readonly string[]).includes(value);
}

/** Escapes one JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Unescapes one JSON pointer segment (RFC 6901, section 4): `~1` becomes `/` before `~0` becomes `~`, so `~01` is
 * the key `~1`, not `/`. Every package that reads a pointer calls this one (the client and the mock bundle it).
 */
export const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The keys a JSON pointer (`/a/b`, or `#/a/b` as a URI fragment) walks through, unescaped; none for the whole. */
export const pointerKeys = (pointer: string): string[] =>
  pointer.replace(/^#/, '').split('/').slice(1).map(unescapePointer);

/** The value a JSON pointer (RFC 6901, `/a/b` or `#/a/b`) designates inside `root`, if any. */
export function valueAt(root: Json | undefined, pointer: string): Json | undefined {
  let node: Json | undefined = root;
  for (const key of pointerKeys(pointer)) {
    if (Array.isArray(node)) node = node[Number(key)];
    else if (node !== null && typeof node === 'object') node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
  }
  return node;
}

export function operationById(model: SpecModel, id: string): OperationModel {
  const found = model.operations.find((operation) => operation.id === id);
  if (!found) throw new Error(`the ${model.api} spec has no operation ${id}`);
  return found;
}

/** Whether a response key (`200`, `2XX`, `default`) answers `status`. */
export function responseKeyMatches(key: string, status: number): boolean {
  if (key === 'default') return true;
  if (/^[1-5]XX$/i.test(key)) return key[0] === String(status)[0] && status >= 100 && status <= 599;
  return key === String(status);
}

/** The response object that answers `status`: the exact code, then its range, then `default`. */
export function responseFor(operation: OperationModel, status: number): ResponseModel | undefined {
  const rank = (key: string) => (key === 'default' ? 2 : /XX$/i.test(key) ? 1 : 0);
  return operation.responses
    .filter((response) => responseKeyMatches(response.key, status))
    .sort((a, b) => rank(a.key) - rank(b.key))[0];
}

/** The declared keys, for messages ("2XX, 4XX, default"). */
export const declaredResponseKeys = (operation: OperationModel): string =>
  operation.responses.map((response) => response.key).join(', ');

export function parameterWithRole(
  operation: Pick<OperationModel, 'parameters'>,
  role: ParameterRole,
): ParameterModel | undefined {
  return operation.parameters.find((parameter) => parameter.role === role);
}

/** Roles of parameters that shape how a list's rows are shown (searched, sorted, paged), not which data they are. */
export const SHAPING_ROLES: ReadonlySet<ParameterRole> = new Set<ParameterRole>([
  'page-size',
  'sort-key',
  'sort-direction',
  'search',
  'search-field',
]);

/**
 * Roles whose parameter changes how the parameter of another role is read: the search field names what the search
 * text is matched against, the sort direction orders by the sort key. A deployment may drop one only when the
 * other is present, so the two are worth sending together.
 */
export const MODIFIED_ROLE: Readonly<Partial<Record<ParameterRole, ParameterRole>>> = {
  'search-field': 'search',
  'sort-direction': 'sort-key',
};

/** Each parameter of an operation that modifies another one, with the one it modifies. */
export function modifierPairs(
  operation: OperationModel,
): Array<{ modifier: ParameterModel; modified: ParameterModel }> {
  return operation.parameters.flatMap((modifier) => {
    const role = modifier.role ? MODIFIED_ROLE[modifier.role] : undefined;
    const modified = role ? parameterWithRole(operation, role) : undefined;
    return modified ? [{ modifier, modified }] : [];
  });
}

/** What record questions read of an operation's responses (the mock's lighter model has just these). */
type Answering<R extends Pick<ResponseModel, 'key' | 'records'> = Pick<ResponseModel, 'key' | 'records'>> = {
  responses: readonly R[];
};

/** The success (2XX) responses of an operation. */
export function successResponses<R extends Pick<ResponseModel, 'key' | 'records'>>(operation: Answering<R>): R[] {
  return operation.responses.filter((response) => /^2/.test(response.key));
}

/** Where the success answer of an operation holds records of `kind` (deepest first). */
export function recordLocations(operation: Answering, kind?: string): RecordLocation[] {
  return successResponses(operation)
    .flatMap((response) => response.records)
    .filter((location) => kind === undefined || location.record === kind);
}

/**
 * The records found in a payload at the first location that holds what it
 * promises (an array for `many`, an object otherwise). Locations are tried
 * deepest first, so an envelope `{data: [...]}` wins over the bare shape.
 */
export function recordsIn(
  payload: unknown,
  locations: readonly RecordLocation[],
): { location: RecordLocation; records: JsonObject[] } | undefined {
  for (const location of locations) {
    const value = valueAt(payload as Json, location.pointer);
    if (location.many && Array.isArray(value)) return { location, records: value.filter(isObject) };
    if (!location.many && isObject(value)) return { location, records: [value] };
  }
  return undefined;
}

/** The record kind an operation answers many of (a list), if any. */
export function listedKind(operation: Answering): string | undefined {
  return recordLocations(operation).find((location) => location.many)?.record;
}

/** The record kind an operation answers exactly one of (a read by id, a create), if any. */
export function singleKind(operation: Answering): string | undefined {
  const locations = recordLocations(operation);
  return locations.length > 0 && locations.every((location) => !location.many) ? locations[0]!.record : undefined;
}

/** The parameter that holds the identifier of a record of `kind` (any kind when omitted). */
export function identifyingParameter(
  operation: Pick<OperationModel, 'parameters'>,
  kind?: string,
): ParameterModel | undefined {
  return operation.parameters.find(
    (parameter) => parameter.identifies !== undefined && (kind === undefined || parameter.identifies === kind),
  );
}

/** The parameter whose value equals a field of the answered record (`x-tallyport-echo`), if any. */
export function echoParameter(operation: Pick<OperationModel, 'parameters'>): ParameterModel | undefined {
  return operation.parameters.find((parameter) => parameter.echo !== undefined);
}

/** A record kind a contract run can create and recognise as its own: it has an identifier and a label. */
export function writableKind(model: SpecModel): (RecordKind & { identifier: string; label: string }) | undefined {
  return Object.values(model.records).find(
    (record): record is RecordKind & { identifier: string; label: string } => !!record.label && !!record.identifier,
  );
}

/** The operations that create, read, update, delete and list (with a search) records of `kind`. */
export interface RecordOperations {
  create?: OperationModel;
  read?: OperationModel;
  update?: OperationModel;
  remove?: OperationModel;
  list?: OperationModel;
}

export function recordOperations(model: SpecModel, kind: string): RecordOperations {
  const addressed = (operation: OperationModel) => identifyingParameter(operation, kind) !== undefined;
  const found: RecordOperations = {};
  for (const operation of model.operations) {
    if (operation.effect === 'create' && !found.create && singleKind(operation) === kind) found.create = operation;
    if (operation.effect === 'read' && !found.read && singleKind(operation) === kind && addressed(operation))
      found.read = operation;
    if (operation.effect === 'update' && !found.update && addressed(operation)) found.update = operation;
    if (operation.effect === 'delete' && !found.remove && addressed(operation)) found.remove = operation;
    if (operation.effect === 'read' && !found.list && listedKind(operation) === kind) found.list = operation;
  }
  return found;
}
