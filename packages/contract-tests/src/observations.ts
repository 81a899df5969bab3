// Where the spec says "not shown" (x-tallyport-unknown), the run reports what
// the deployment does instead of judging it: statuses, payload shapes, error
// bodies, the id type, how documented quirks are answered. Everything here is
// read from the exchanges already made; no extra request is sent.
import type { SpecModel } from '@tallyport/spec-model/query';
import { answered, type Exchange, is2xx } from './http/transport.js';
import { isObject, recordsOf, shapeOf } from './payload.js';
import type { ApiName } from './specs.js';
import { verdictOf } from './verdict.js';

const tally = (values: Array<string | number>): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([value, count]) => `${value} ×${count}`)
    .join(', ');
};

export function observe(api: ApiName, model: SpecModel, exchanges: readonly Exchange[]): string[] {
  const lines: string[] = [];
  const done = exchanges.filter(answered);
  for (const operation of model.operations) {
    const own = done.filter((exchange) => exchange.template.operationId === operation.id);
    const success = own.find((exchange) => is2xx(exchange) && exchange.case?.auth === 'valid');
    if (success)
      lines.push(
        `${operation.id} success payload: ${shapeOf(success.response!.json)} (HTTP ${success.response!.status})`,
      );
    const statuses = own.map((exchange) => exchange.response!.status);
    if (statuses.length > 0) lines.push(`${operation.id} statuses seen: ${tally(statuses)}`);
  }
  for (const quirk of done.filter((exchange) => exchange.case?.expect === 'any')) {
    lines.push(`${quirk.case!.title}: HTTP ${quirk.response!.status}, ${verdictOf(api, quirk)} (observed, not judged)`);
  }
  for (const [kind, record] of Object.entries(model.records)) {
    if (!record.identifier) continue;
    const ids = done.flatMap((exchange) =>
      is2xx(exchange)
        ? (
            recordsOf(
              model.operations.find((op) => op.id === exchange.template.operationId)!,
              exchange.response!.json,
              kind,
            ) ?? []
          )
            .map((row) => row[record.identifier!])
            .filter((id) => id !== undefined)
        : [],
    );
    if (ids.length > 0) lines.push(`${kind} id type: ${tally(ids.map((id) => typeof id))}`);
  }
  const keyless = done.filter((exchange) => exchange.case?.auth === 'missing' || exchange.case?.auth === 'wrong');
  if (keyless.length > 0)
    lines.push(
      `answers to a missing or wrong key: ${tally(keyless.map((exchange) => `HTTP ${exchange.response!.status}`))}`,
    );
  const refused = done.filter((exchange) => verdictOf(api, exchange) === 'refused');
  const inBody = refused.filter((exchange) => is2xx(exchange));
  if (inBody.length > 0)
    lines.push(`refusals with a 2XX status: ${tally(inBody.map((exchange) => `HTTP ${exchange.response!.status}`))}`);
  const shapes = refused.map((exchange) => exchange.response!.json).filter(isObject);
  if (shapes.length > 0)
    lines.push(`error body shapes: ${tally(shapes.map((body) => `{${Object.keys(body).join(', ')}}`))}`);
  return lines;
}
