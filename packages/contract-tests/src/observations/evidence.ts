// Which answers an observation may rest on, what outcome each stands for, and
// how a request is named as evidence. A point must come out the same from two
// runs against the same deployment, so it rests only on requests every run
// sends alike: the spec's cases, the cases from the deployment's own rows and
// the write round trip, never the seeded draws (generated values, command
// sequences). Evidence is a request line without the key, the base URL or
// an id the run's own writes were given, so it reproduces the request and
// reads the same in every run.
import { FORBIDDEN_FIELD_RULE } from '../cases/types.js';
import { type Answer, acceptedConforming } from '../answers/answer.js';
import { API_SECRETS } from '../spec/deployment.js';
import { isSecretRef, type TemplateValue } from '../spec/secrets.js';
import type { Outcome } from './points.js';

/** Evidence lines a point lists, at most: enough to replay it, few enough to review. */
export const EVIDENCE_LINES = 3;

/** An answer every run gets alike: conclusive, to a case that is no seeded draw. */
export function steady(answer: Answer): boolean {
  const family = answer.case?.family;
  return answer.conclusive && family !== undefined && family !== 'example' && family !== 'sequence';
}

/** The outcome an answer stands for, by what its request sent; undefined when it stands for none a run tells apart. */
export function outcomeOf(answer: Answer): Outcome | undefined {
  const testCase = answer.case;
  if (!testCase || !steady(answer)) return undefined;
  if (testCase.auth === 'missing' || testCase.auth === 'blank' || testCase.auth === 'whitespace') return 'missing-key';
  if (testCase.auth === 'wrong') return 'wrong-key';
  if (testCase.auth !== 'valid') return undefined;
  if (testCase.message !== undefined) return `message:${testCase.message}`;
  if (testCase.expect === 'refusal' && testCase.rule !== undefined && testCase.rule !== FORBIDDEN_FIELD_RULE)
    return 'invalid-value';
  // A deleted record may still read for a while (a replica, a cache): only the refusal that ends it counts.
  if (testCase.step === 'read-after-delete') return answer.verdict === 'refused' ? 'deleted' : undefined;
  if (acceptedConforming(answer) && testCase.expect === 'success') return 'success';
  return undefined;
}

/**
 * A request as evidence: method, path and query with the values the case sent, secrets as `$NAME`. A request of
 * the run's own writes, or sent once the run created a record to read (an account that listed none), keeps its
 * path template and no values: the ids and labels of the run's records are new in every run.
 */
export function requestLine(answer: Answer): string {
  const testCase = answer.case;
  const operation = answer.operation;
  const own = testCase?.family === 'write' || answer.epoch > 0;
  const values = own ? {} : (testCase?.values ?? {});
  const show = (name: string) => {
    const value = values[name]!;
    return isSecretRef(value) ? `$${value.secret}` : value;
  };
  const path = operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    values[name] !== undefined ? encodeURIComponent(show(name)) : whole,
  );
  const shown = (place: 'query' | 'body') =>
    operation.parameters
      .filter((parameter) => (place === 'body' ? parameter.in === 'body' : parameter.in === 'query'))
      .filter((parameter) => values[parameter.name] !== undefined && parameter.name !== credentialName(answer))
      .map((parameter) => `${parameter.name}=${encodeURIComponent(show(parameter.name))}`)
      .sort();
  const query = shown('query');
  const body = shown('body');
  const line = `${operation.method} ${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  return body.length > 0 ? `${line} ${body.join('&')}` : line;
}

const credentialName = (answer: Answer): string | undefined => {
  const credential = answer.operation.credential;
  return credential && credential.in !== 'bearer' ? credential.name : undefined;
};

/**
 * The evidence of a point: the sorted request lines of the answers it rests on, the first few. The combinations a
 * run completes are drawn with its seed, so they stand as evidence only where no other request shows the point.
 */
export function evidenceOf(answers: readonly Answer[]): string[] {
  const planned = answers.filter((answer) => answer.case?.family !== 'combination');
  return [...new Set((planned.length > 0 ? planned : answers).map(requestLine))].sort().slice(0, EVIDENCE_LINES);
}

/**
 * Where a request carried its key: the query, a form or JSON body, or a header (named in lower case); undefined when
 * it carried none.
 */
export function keyPlaceOf(answer: Answer): string | undefined {
  const template = answer.exchange.template;
  const key = API_SECRETS[answer.api].key;
  const holdsKey = ([, value]: [string, TemplateValue]) => isSecretRef(value) && value.secret === key;
  if (template.query.some(holdsKey)) return 'query';
  if ((template.form ?? []).some(holdsKey)) return template.json ? 'json body' : 'form body';
  const header = template.headers.find(holdsKey);
  return header ? `header ${header[0].toLowerCase()}` : undefined;
}
