// The tags of a recorded request, derived from the request and the spec
// model alone (and the keys given in the environment): the checks read these
// tags on a run's own cases, so a recorded exchange gets the same ones.
//
// - values: the path's parameters, the query and the body's fields (a form,
//   or the top level of a JSON object), the key left out: it is the auth tag;
// - auth: which key it carried (credentials.ts);
// - expect: each value is checked against its parameter (value-rules.ts).
//   Every rule kept: a success is due; exactly one rule broken: a refusal,
//   with the parameter (`varied`) and the rule; more than one: anything may
//   come. Where the request alone cannot decide (a record the traffic has
//   not shown to exist, a purchase code not given as the valid one, a
//   documented default outside the allowed values), anything may come too,
//   and a refusal of it is read as the condition the source documents for it
//   (`documentedRefusal`);
// - family: what kind of case a run would have sent it as (the plain call,
//   one value varied, a broken rule, a key problem, a write).
// The template is the request as a run would have described it, with the
// keys this judge knows shown as their placeholders in any curl.
import type { OperationModel, ParameterModel } from '@tallyport/spec-model/query';
import { ownerKnown } from '../cases/context.js';
import {
  type AuthMode,
  type CaseFamily,
  caseKey,
  caseTitle,
  type Expectation,
  FORBIDDEN_FIELD_RULE,
  type RequestCase,
} from '../cases/types.js';
import { documentedEncoding } from '../transport/template.js';
import { API_SECRETS } from '../spec/deployment.js';
import type { RequestTemplate } from '../transport/request.js';
import { secret, type TemplateValue, type Values } from '../spec/secrets.js';
import type { KeyReading, RecordedKeys } from './credentials.js';
import type { RecordedRequest } from './har-entry.js';
import type { Route } from './routes.js';
import { quirkDefault, ruleBroken } from './value-rules.js';

/** What the traffic so far shows of the deployment's data. */
export interface TrafficKnowledge {
  /** Whether an answer showed a record of this kind with this identifier (and no delete since took it away). */
  exists(kind: string, id: string): boolean;
}

/** Why the request alone cannot decide between success and refusal. */
export interface Undecided {
  parameter: string;
  why: 'unknown-record' | 'unrecognised-value' | 'quirk';
}

export interface DerivedCase {
  testCase: RequestCase;
  template: RequestTemplate;
  undecided?: Undecided;
}

/** The values a request sent, by parameter name; the key is not among them. */
export function sentValues(route: Route, request: RecordedRequest, key: KeyReading): Record<string, string> {
  const values: Record<string, string> = { ...route.pathValues };
  const isKey = (where: 'query' | 'body', name: string) => key.place?.in === where && key.place.name === name;
  for (const [name, value] of request.url.searchParams)
    if (!isKey('query', name) && !(name in values)) values[name] = value;
  for (const field of request.body?.fields ?? []) if (!isKey('body', field.name)) values[field.name] = field.value;
  for (const parameter of route.operation.parameters.filter((candidate) => candidate.in === 'header')) {
    const sent = request.headers.find((header) => header.name.toLowerCase() === parameter.name.toLowerCase());
    if (sent && !(key.place?.in === 'header' && key.place.name.toLowerCase() === parameter.name.toLowerCase()))
      values[parameter.name] = sent.value;
  }
  return values;
}

/** The parameters a request may set (the key travels with the auth tag). */
const settable = (operation: OperationModel): ParameterModel[] =>
  operation.parameters.filter((parameter) => parameter.role !== 'credential');

interface Verdict {
  expect: Expectation;
  broken: Array<{ parameter: string; rule: string }>;
  undecided?: Undecided;
}

/** Checks each value against its parameter: the expectation, and what it rests on. */
export function expectationOf(
  operation: OperationModel,
  sent: Readonly<Record<string, string>>,
  knowledge: TrafficKnowledge,
  recognised: (parameter: string, value: string) => boolean,
): Verdict {
  const broken: Verdict['broken'] = [];
  const undecided: Undecided[] = [];
  const known = ownerKnown(operation);
  for (const parameter of settable(operation)) {
    const value = sent[parameter.name];
    if (value === undefined) {
      if (parameter.required && !parameter.forbidden)
        broken.push({ parameter: parameter.name, rule: 'a required parameter missing' });
      continue;
    }
    if (parameter.forbidden) {
      broken.push({ parameter: parameter.name, rule: FORBIDDEN_FIELD_RULE });
      continue;
    }
    if (quirkDefault(parameter) === value) {
      undecided.push({ parameter: parameter.name, why: 'quirk' });
      continue;
    }
    const rule = ruleBroken(parameter, value);
    if (rule) broken.push({ parameter: parameter.name, rule });
    else if (parameter.identifies && !knowledge.exists(parameter.identifies, value))
      undecided.push({ parameter: parameter.name, why: 'unknown-record' });
    else if (known.has(parameter.name) && !recognised(parameter.name, value))
      undecided.push({ parameter: parameter.name, why: 'unrecognised-value' });
  }
  if (broken.length === 1) return { expect: 'refusal', broken };
  if (broken.length > 1) return { expect: 'any', broken };
  if (undecided.length > 0)
    return { expect: 'any', broken, ...(undecided.length === 1 ? { undecided: undecided[0] } : {}) };
  return { expect: 'success', broken };
}

/**
 * The one parameter a conforming request varies from the plain call, as a run's coverage case names it: the one
 * optional parameter sent, or the sort key of a request that sends a sort key and a direction and nothing else.
 */
function variedOf(operation: OperationModel, sent: Readonly<Record<string, string>>): string | undefined {
  const optional = settable(operation).filter(
    (parameter) => !parameter.required && !parameter.alwaysSent && sent[parameter.name] !== undefined,
  );
  if (optional.length === 1) return optional[0]!.name;
  const roles = optional.map((parameter) => parameter.role).sort();
  const sortKey = optional.find((parameter) => parameter.role === 'sort-key');
  return roles.length === 2 && roles[0] === 'sort-direction' && roles[1] === 'sort-key' ? sortKey?.name : undefined;
}

const AUTH_NOTES: Partial<Record<AuthMode, string>> = {
  missing: 'no key',
  wrong: 'a wrong key',
  'key-without-records': 'another key',
};

/** What a run would call the case, from its auth, expectation and the rule it breaks. */
function familyOf(operation: OperationModel, auth: AuthMode, verdict: Verdict, plain: boolean): CaseFamily {
  if (operation.effect !== 'read') return 'write';
  if (auth !== 'valid') return 'auth';
  if (verdict.expect === 'refusal') return 'negative';
  return plain ? 'baseline' : 'coverage';
}

/** The request as a run would have described it, keys as the references this judge knows. */
function templateOf(
  route: Route,
  request: RecordedRequest,
  key: KeyReading,
  values: Values,
  label: string,
): RequestTemplate {
  const shownKey = (where: 'query' | 'body', name: string): TemplateValue | undefined =>
    key.place?.in === where && key.place.name === name ? key.shown : undefined;
  const query: Array<[string, TemplateValue]> = [...request.url.searchParams].map(([name, value]) => [
    name,
    shownKey('query', name) ?? values[name] ?? value,
  ]);
  const headers: Array<[string, TemplateValue]> = [];
  const accept = request.headers.find((header) => header.name.toLowerCase() === 'accept');
  if (accept) headers.push(['Accept', accept.value]);
  if (key.place?.in === 'header' && key.shown !== undefined) headers.push([key.place.name, key.shown]);
  for (const parameter of route.operation.parameters.filter((candidate) => candidate.in === 'header'))
    if (values[parameter.name] !== undefined) headers.push([parameter.name, values[parameter.name]!]);
  const fields = request.body?.fields ?? [];
  const form: Array<[string, TemplateValue]> = fields.map((field) => [
    field.name,
    shownKey('body', field.name) ?? values[field.name] ?? field.value,
  ]);
  return {
    api: route.api,
    operationId: route.operation.id,
    method: route.operation.method,
    baseUrl: route.baseUrl,
    path: route.path,
    pathValues: route.pathValues,
    query,
    headers,
    ...(request.body || route.operation.body ? { form, ...(request.body?.json ? { json: { numbers: [] } } : {}) } : {}),
    label,
  };
}

/** The tags and the template of one recorded request; `index` is its place in the file's `log.entries`. */
export function deriveCase(
  route: Route,
  request: RecordedRequest,
  key: KeyReading,
  keys: RecordedKeys,
  knowledge: TrafficKnowledge,
  index: number,
): DerivedCase {
  const { api, operation } = route;
  const sent = sentValues(route, request, key);
  // A value only the deployment's owner knows is valid when it is the one given in the environment.
  const knownValues = API_SECRETS[api].knownValues;
  const recognised = (parameter: string, value: string) =>
    knownValues[parameter] !== undefined && keys[knownValues[parameter]] === value;
  const values: Values = {};
  for (const [name, value] of Object.entries(sent))
    values[name] = knownValues[name] !== undefined && recognised(name, value) ? secret(knownValues[name]) : value;

  const verdict = expectationOf(operation, sent, knowledge, recognised);
  const plain = settable(operation).every(
    (parameter) => parameter.required || parameter.alwaysSent || sent[parameter.name] === undefined,
  );
  const testCase: RequestCase = {
    key: caseKey(operation.id, key.auth, values),
    family: familyOf(operation, key.auth, verdict, plain),
    operationId: operation.id,
    title: '',
    values,
    auth: key.auth,
    expect: verdict.expect,
  };
  let note: string | undefined;
  if (key.auth === 'missing' || key.auth === 'wrong') {
    testCase.expect = 'refusal';
    note = AUTH_NOTES[key.auth];
  } else if (key.auth === 'key-without-records') {
    note = AUTH_NOTES[key.auth];
    const documented = operation.errorMessages.find((message) => message.trigger === 'key-without-records');
    // The key without records asks what the key selects: its documented message, or its own answer.
    if (documented) Object.assign(testCase, { expect: 'refusal', message: documented.code, family: 'documented' });
    else if (operation.scope === 'key') Object.assign(testCase, { expect: 'success', step: 'other-key' });
  } else if (verdict.broken.length === 1) {
    const [{ parameter, rule }] = verdict.broken as [{ parameter: string; rule: string }];
    // An impossible day in the Y-m-d layout breaks only a strict reading of the format (see cases/values.ts).
    const ruleBasis = rule.startsWith('an impossible date') ? 'convention' : 'specified';
    Object.assign(testCase, { varied: parameter, rule, ruleBasis });
    note = rule;
  } else if (verdict.undecided?.why === 'quirk') {
    testCase.varied = verdict.undecided.parameter;
    note = 'the documented default, outside the allowed values';
  } else if (verdict.expect === 'success') {
    const varied = variedOf(operation, sent);
    if (varied) testCase.varied = varied;
  }
  // A body in the other encoding than the documented one (a write sent again as JSON to see whether the form is read).
  const documented = documentedEncoding(operation);
  const encoding = request.body && request.body.fields.length > 0 ? (request.body.json ? 'json' : 'form') : undefined;
  if (documented && encoding && encoding !== documented) testCase.encoding = encoding;
  const where = `log.entries[${index}]`;
  testCase.title = caseTitle(operation.id, values, note ? `${note}; ${where}` : where);
  const undecided = key.auth === 'valid' && verdict.broken.length === 0 ? verdict.undecided : undefined;
  return {
    testCase,
    template: templateOf(route, request, key, values, testCase.title),
    ...(undecided ? { undecided } : {}),
  };
}

/**
 * A refused request whose outcome the request alone could not decide, read as the condition the source documents
 * for it: a record that does not exist (the item details' "no item found"), a value the deployment does not
 * recognise (an invalid purchase code). The documented message then tags the case, so its text is judged.
 */
export function documentedRefusal(operation: OperationModel, undecided: Undecided | undefined): string | undefined {
  if (!undecided || undecided.why === 'quirk') return undefined;
  const trigger = undecided.why === 'unknown-record' ? 'unknown-identifier' : 'unrecognised-value';
  return operation.errorMessages.find(
    (message) =>
      message.trigger === trigger &&
      (trigger === 'unknown-identifier'
        ? operation.parameters.find((parameter) => parameter.name === undecided.parameter)?.identifies !== undefined
        : message.parameter === undecided.parameter),
  )?.code;
}
