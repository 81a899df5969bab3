// Where an operation reads its parameters, when the source documentation does
// not show it (every marketplace parameter, `api_key` included). The run sends
// them where the spec does; a deployment may read them elsewhere for one
// operation only (a JSON body on the POST, a header for the key). An answer to
// a request the deployment could not read says nothing about the deployment,
// so before the operation is judged, a refusal that is not the answer its
// condition documents, while other operations accept the same key, puts the
// place in doubt: the same request is sent in each other common place, and the
// first one that is served (or gets its documented answer) is used from then on.
import type { OperationModel } from '@tallyport/spec-model/query';
import { type Answer, acceptedConforming, carriesMessage, documentedMessageOf } from '../answers/answer.js';
import { describeTransport, documentedEncoding } from '../transport/template.js';
import type { ParameterTransport, RequestCase } from '../cases/types.js';
import type { RequestTemplate } from '../transport/request.js';
import { placeUnknown } from '../spec/deployment.js';

/** Headers an API key commonly travels in, besides the parameters (HTTP header names ignore case). */
export const KEY_HEADERS: readonly string[] = ['X-API-Key', 'Api-Key'];

export { placeUnknown };

/** Where the spec sends an operation's parameters. */
export function specTransport(operation: OperationModel): ParameterTransport {
  return { params: documentedEncoding(operation) ?? 'query', key: 'with-params' };
}

const sameTransport = (a: ParameterTransport, b: ParameterTransport): boolean =>
  a.params === b.params && JSON.stringify(a.key) === JSON.stringify(b.key);

/** Every other common place for an operation's parameters: a body only where the method carries one. */
export function otherTransports(operation: OperationModel): ParameterTransport[] {
  const bodies = operation.method === 'GET' || operation.method === 'HEAD' ? [] : (['form', 'json'] as const);
  const places: ParameterTransport['params'][] = [...bodies, 'query'];
  const keys: ParameterTransport['key'][] = ['with-params', ...KEY_HEADERS.map((header) => ({ header }))];
  const spec = specTransport(operation);
  return places
    .flatMap((params) => keys.map((key) => ({ params, key })))
    .filter((transport) => !sameTransport(transport, spec));
}

/** The answer shows its request was read: served, or answered as the documented condition it provokes. */
export function readAsSent(answer: Answer): boolean {
  const testCase = answer.case;
  if (!testCase) return false;
  if (testCase.expect === 'success') return acceptedConforming(answer);
  const documented = documentedMessageOf(answer);
  return !!documented && carriesMessage(answer, documented);
}

/**
 * Whether the place of an operation's parameters is in doubt after `answer`: it was refused without the answer
 * its condition documents, while another operation served the same key.
 */
export function placeInDoubt(answer: Answer, answers: readonly Answer[]): boolean {
  if (!placeUnknown(answer.operation) || answer.verdict !== 'refused' || readAsSent(answer)) return false;
  return answers.some((other) => other.operation.id !== answer.operation.id && acceptedConforming(other));
}

/** The case an operation's place is tried with: its plain call, or else the first documented condition. */
export function probeCase(cases: readonly RequestCase[], operation: OperationModel): RequestCase | undefined {
  const own = cases.filter((testCase) => testCase.operationId === operation.id && testCase.auth === 'valid');
  return (
    own.find((testCase) => testCase.family === 'baseline') ?? own.find((testCase) => testCase.family === 'documented')
  );
}

/** `testCase` with every parameter in `transport`, a case of its own. */
export const sentVia = (testCase: RequestCase, transport: ParameterTransport): RequestCase => ({
  ...testCase,
  key: `${testCase.key} via ${describeTransport(transport)}`,
  title: `${testCase.title} (in ${describeTransport(transport)})`,
  transport,
});

export interface TransportFinding {
  operationId: string;
  transport: ParameterTransport;
  /** The answers to requests in places the deployment did not read: never judged. */
  unread: number[];
  note: string;
}

/**
 * Finds where one operation reads its parameters, starting from the answer in the spec's place: each other place
 * is tried with the same case until one is read as sent. Undefined when none is (the place is not what is wrong:
 * the answers are judged as they are, and the tries are left out of the verdicts).
 */
export async function findTransport(
  first: Answer,
  send: (testCase: RequestCase) => Promise<Answer>,
): Promise<{ finding?: TransportFinding; tried: number[] }> {
  const tried: number[] = [];
  const testCase = first.case!;
  for (const transport of otherTransports(first.operation)) {
    const answer = await send(sentVia(testCase, transport));
    if (readAsSent(answer)) {
      const refused = first.outcome === 'error' ? `${String(first.message)}` : `HTTP ${first.status}`;
      return {
        tried,
        finding: {
          operationId: first.operation.id,
          transport,
          unread: [first.exchange.id, ...tried],
          note:
            `${first.operation.id} reads its parameters from ${describeTransport(transport)}: in the spec's place ` +
            `(${describeTransport(specTransport(first.operation))}) it answered ${refused} while other operations ` +
            'served the same key; its answers in other places are not judged',
        },
      };
    }
    tried.push(answer.exchange.id);
  }
  return { tried };
}

/** Where a request put an operation's parameters: a JSON or form body or the query, and the header the key took. */
export function placeOf(template: RequestTemplate): string {
  const params = template.json ? 'json' : template.form && template.form.length > 0 ? 'form' : 'query';
  const header = template.headers.find(([name]) => !['accept', 'prefer'].includes(name.toLowerCase()))?.[0];
  return header ? `${params}, the key in ${header.toLowerCase()}` : params;
}

/**
 * Of answers already recorded (a file judged), those to requests sent where the deployment does not read an
 * operation's parameters: for an operation whose place the source does not show, where some place was read as
 * sent, every answer of a place none of whose answers was read, and all refused. A run finds the place before it
 * judges (`findTransport`); a file shows every place tried.
 */
export function answersInUnreadPlaces(answers: readonly Answer[]): Set<number> {
  const byOperation = new Map<string, Map<string, Answer[]>>();
  for (const answer of answers) {
    if (!placeUnknown(answer.operation)) continue;
    const places = byOperation.get(answer.operation.id) ?? new Map<string, Answer[]>();
    const place = placeOf(answer.exchange.template);
    places.set(place, [...(places.get(place) ?? []), answer]);
    byOperation.set(answer.operation.id, places);
  }
  const unread = new Set<number>();
  for (const places of byOperation.values()) {
    const read = new Set([...places].filter(([, list]) => list.some(readAsSent)).map(([place]) => place));
    if (read.size === 0) continue;
    for (const [place, list] of places)
      if (!read.has(place) && list.every((answer) => answer.verdict !== 'accepted'))
        for (const answer of list) unread.add(answer.exchange.id);
  }
  return unread;
}
