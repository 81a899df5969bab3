// A request case: one request the run will send, derived from the specs, with
// the tags the checks judge it by. Checks never build requests; they read
// these tags on recorded exchanges.
import type { Basis } from '../spec/basis.js';
import type { Values } from '../spec/secrets.js';

/**
 * Which key a case carries: the configured one, none, a wrong one, an empty one or one of spaces only, or a key
 * whose account holds no records.
 */
export type AuthMode = 'valid' | 'missing' | 'wrong' | 'blank' | 'whitespace' | 'key-without-records';

/** The keys a deployment must refuse as it refuses a request without a key. */
export const NOT_A_KEY: ReadonlySet<AuthMode> = new Set<AuthMode>(['missing', 'wrong', 'blank', 'whitespace']);

/** Prism checks that a key is there, never which one: a wrong or blank key says nothing about the mock. */
export const worthSending = (auth: AuthMode, mock: boolean): boolean =>
  !(mock && (auth === 'wrong' || auth === 'blank' || auth === 'whitespace'));

/**
 * Where a case comes from, in the order the budget keeps them: the plain call
 * of each operation, each valid value alone, each broken rule alone, requests
 * without a valid key, documented error conditions, records read back from
 * the answers, the combinations of values of two parameters (or three), drawn
 * and generated examples, the write round trip, and the command sequences the
 * model of the deployment's state is held against (src/state).
 */
export const CASE_FAMILIES = [
  'baseline',
  'coverage',
  'negative',
  'auth',
  'documented',
  'derived',
  'combination',
  'example',
  'write',
  'sequence',
] as const;
export type CaseFamily = (typeof CASE_FAMILIES)[number];

/** The rule a case breaks by sending a field its operation does not take (`domain` on an update). */
export const FORBIDDEN_FIELD_RULE = 'a field the operation forbids';

/**
 * Where every parameter of one operation travels, where the source documentation does not show it: all in the
 * query string, a form body or a JSON body, the key among them or in a header of its own.
 */
export interface ParameterTransport {
  params: 'query' | 'form' | 'json';
  key: 'with-params' | { header: string };
}

/** What a conforming deployment does with the case. */
export type Expectation = 'success' | 'refusal' | 'any';

export interface RequestCase {
  /** Identity for deduplication: operation, auth and every value sent. */
  key: string;
  family: CaseFamily;
  operationId: string;
  /** A short human title: "getStats name=city". */
  title: string;
  /** Parameters sent, by name (path, query, header and body fields alike); absent ones are left out. */
  values: Values;
  auth: AuthMode;
  expect: Expectation;
  /**
   * What the expectation rests on (default `specified`): a case whose acceptance depends on something the source
   * documentation leaves open (a date range, a free-text value) expects success only by convention.
   */
  basis?: Basis;
  /** The one parameter this case varies from the baseline (coverage, negative). */
  varied?: string;
  /** For negative cases: the rule the value breaks ("outside the enum", "missing required"). */
  rule?: string;
  /** What that rule rests on: stated by the source documentation, or only a reading of it (see `InvalidValue`). */
  ruleBasis?: Basis;
  /** For documented cases: the `code` of the error message the spec ties to the condition. */
  message?: string;
  /** For write cases: the step of the round trip and the record it concerns. */
  step?: string;
  /** The run-created record a write case concerns. */
  record?: string;
  /** Only ever sent to the embedded mock: the spec example Prism should answer with. */
  mockExample?: string;
  /** The body in this encoding rather than the documented one (a write sent again to learn why it was refused). */
  encoding?: 'form' | 'json';
  /** Every parameter in this place rather than the spec's (a probe of where the deployment reads them). */
  transport?: ParameterTransport;
  /** A request a spec link leads to: the link's name and the exchange whose answer it followed. */
  linkedFrom?: { link: string; exchangeId: number };
  /** One page of a walk through every page of a list (src/state/walks.ts): the walk, and the page's place in it. */
  walk?: { id: string; page: number };
  /** A step of a command sequence (src/run/state/sequences.ts): the sequence, and the command's place in it. */
  sequence?: { id: string; command: number };
}

export function caseKey(operationId: string, auth: AuthMode, values: Values): string {
  const shown = Object.keys(values)
    .sort()
    .map((name) => {
      const value = values[name]!;
      return `${name}=${typeof value === 'string' ? value : `$${value.secret}`}`;
    });
  return `${operationId} ${auth} ${shown.join('&')}`;
}

/** A case of `operationId` sending `values`, titled with them and `note`; with the valid key unless `fields` say. */
export function requestCase(
  operationId: string,
  family: CaseFamily,
  values: Values,
  note: string | undefined,
  fields: Partial<RequestCase> & Pick<RequestCase, 'expect'>,
): RequestCase {
  const auth = fields.auth ?? 'valid';
  const title = caseTitle(operationId, values, note);
  return { key: caseKey(operationId, auth, values), family, operationId, title, values, auth, ...fields };
}

/** The title of a case from the values it sets beyond its baseline. */
export function caseTitle(operationId: string, values: Values, note?: string): string {
  const shown = Object.entries(values)
    .filter(([, value]) => typeof value === 'string')
    .map(([name, value]) => `${name}=${String(value).length > 40 ? `${String(value).slice(0, 40)}…` : value}`);
  return `${operationId}${shown.length ? ` ${shown.join(' ')}` : ''}${note ? ` (${note})` : ''}`;
}
