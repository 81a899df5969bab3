// Reads an operation's parameters and body fields from a request and says
// which the spec refuses: a missing required one, a value outside its enum,
// not a whole number, not a real Y-m-d date, not matching its pattern, too
// short, or a field the operation forbids. Every rule comes from the
// parameter's schema in the spec model; none is written here for one API.
import { parseYmd } from './calendar.js';
import type { MockRequest } from './request.js';
import { bodyType, FORM_TYPE, lastValue } from './request.js';
import type { MockOperation, ParameterModel } from './spec.js';

export type Rule =
  | 'required'
  | 'not-allowed'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'pattern'
  | 'too-short'
  | 'forbidden'
  | 'media-type';

export interface Problem {
  field: string;
  rule: Rule;
  /** The bound a rule names (a minimum length). */
  limit?: number;
}

export interface Inputs {
  /** Raw values sent, by parameter name (path, query, header and body fields alike). */
  values: Record<string, string>;
  problems: Problem[];
}

/** Whether the request sent a form body the operation can read. */
function formOf(operation: MockOperation, request: MockRequest): URLSearchParams | Problem | undefined {
  if (!operation.body) return undefined;
  const type = bodyType(request);
  if (request.body === '' && type === undefined) return new URLSearchParams();
  if (type !== FORM_TYPE) return { field: 'body', rule: 'media-type' };
  return new URLSearchParams(request.body);
}

function sent(
  parameter: ParameterModel,
  request: MockRequest,
  path: Record<string, string>,
  form: URLSearchParams | undefined,
) {
  if (parameter.in === 'path') return path[parameter.name];
  if (parameter.in === 'query') return lastValue(request.url.searchParams, parameter.name);
  if (parameter.in === 'header') return request.headers[parameter.name.toLowerCase()];
  if (parameter.in === 'body') return form ? lastValue(form, parameter.name) : undefined;
  return undefined;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The rule a present value breaks, if any. */
export function brokenRule(parameter: ParameterModel, value: string): Problem | undefined {
  const field = parameter.name;
  const types = parameter.types;
  const textAllowed = types.length === 0 || types.includes('string');
  if (parameter.forbidden) return { field, rule: 'forbidden' };
  if (parameter.enum && !parameter.enum.some((allowed) => String(allowed) === value))
    return { field, rule: 'not-allowed' };
  if (!textAllowed && types.includes('integer') && !INTEGER.test(value)) return { field, rule: 'integer' };
  if (!textAllowed && types.includes('number') && !NUMBER.test(value)) return { field, rule: 'number' };
  if (!textAllowed && types.includes('boolean') && !['true', 'false', '1', '0'].includes(value))
    return { field, rule: 'boolean' };
  if (parameter.format === 'date' && parseYmd(value) === undefined) return { field, rule: 'date' };
  if (parameter.pattern && !new RegExp(parameter.pattern, 'u').test(value)) return { field, rule: 'pattern' };
  if (parameter.minLength !== undefined && [...value].length < parameter.minLength)
    return { field, rule: 'too-short', limit: parameter.minLength };
  return undefined;
}

/**
 * The values of every parameter the request sent, and what the spec refuses
 * in them. The credential is left to authentication; parameters the spec
 * does not name are ignored (a `page` number, say).
 */
export function readInputs(operation: MockOperation, request: MockRequest, path: Record<string, string>): Inputs {
  const values: Record<string, string> = {};
  const problems: Problem[] = [];
  const form = formOf(operation, request);
  if (form && !(form instanceof URLSearchParams)) return { values, problems: [form] };
  for (const parameter of operation.parameters) {
    if (parameter.role === 'credential') continue;
    const value = sent(parameter, request, path, form);
    if (value === undefined) {
      if (parameter.required) problems.push({ field: parameter.name, rule: 'required' });
      continue;
    }
    values[parameter.name] = value;
    const broken = brokenRule(parameter, value);
    if (broken) problems.push(broken);
  }
  return { values, problems };
}

/** A sent value as the record stores it: a number where the schema allows only numbers. */
export function typedValue(parameter: ParameterModel | undefined, value: string): string | number | boolean {
  const types = parameter?.types ?? [];
  if (types.includes('string') || types.length === 0) return value;
  if (types.includes('integer') || types.includes('number')) return Number(value);
  if (types.includes('boolean')) return value === 'true' || value === '1';
  return value;
}
