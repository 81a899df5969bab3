// Where the spec says "not shown" (x-tallyport-unknown), the run reports what
// the deployment does instead of judging it. Everything here is read from the
// exchanges already made; no extra request is sent.
import { type Exchange, is2xx } from './http/transport.js';
import { isObject, MARKETPLACE_OUTCOME, marketplaceStatus, shapeOf, websiteOf } from './payload.js';
import type { ApiName } from './specs.js';

const tally = (values: Array<string | number>): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([value, count]) => `${value} ×${count}`)
    .join(', ');
};

function analytics(exchanges: Exchange[]): string[] {
  const lines: string[] = [];
  const firstShape = (operationId: string, label: string): void => {
    const found = exchanges.find(
      (exchange) =>
        exchange.template.operationId === operationId && is2xx(exchange) && exchange.response?.json !== undefined,
    );
    if (found) lines.push(`${label} payload: ${shapeOf(found.response!.json)}`);
  };
  firstShape('listWebsites', 'website list');
  firstShape('getWebsite', 'website read');
  firstShape('createWebsite', 'website create');
  firstShape('updateWebsite', 'website update');
  firstShape('deleteWebsite', 'website delete');
  firstShape('getStats', 'statistics');
  const quirk = exchanges.find(
    (exchange) => exchange.template.label.includes('the documented default, outside the enum') && exchange.response,
  );
  if (quirk) {
    const value = quirk.template.query.find(([name]) => name === 'search_by')?.[1];
    const verdict = `HTTP ${quirk.response!.status}, ${is2xx(quirk) ? 'accepted' : 'refused'}`;
    lines.push(
      `statistics search_by=${String(value)} (documented default outside the enum, x-tallyport-quirk): ${verdict}`,
    );
  }
  const read = exchanges.find((exchange) => exchange.template.operationId === 'getWebsite' && is2xx(exchange));
  const id = read ? websiteOf(read.response!.json)?.id : undefined;
  if (id !== undefined) lines.push(`website id type: ${typeof id}`);
  const statuses = exchanges.filter((exchange) => exchange.response).map((exchange) => exchange.response!.status);
  if (statuses.length > 0) lines.push(`status codes seen: ${tally(statuses)}`);
  const refused = exchanges.filter(
    (exchange) => exchange.response && !is2xx(exchange) && exchange.response.status < 500,
  );
  const noKey = refused.filter((exchange) => !exchange.template.headers.some(([name]) => name === 'Authorization'));
  if (noKey.length > 0)
    lines.push(`status for a missing key: ${tally(noKey.map((exchange) => exchange.response!.status))}`);
  const bodies = refused.map((exchange) => exchange.response!.json).filter(isObject);
  if (bodies.length > 0)
    lines.push(`error body shapes: ${tally(bodies.map((body) => `{${Object.keys(body).join(', ')}}`))}`);
  return lines;
}

function marketplace(exchanges: Exchange[]): string[] {
  const lines: string[] = ['api_key transport used: query string on GET, form body on POST (the modelled default)'];
  const answered = exchanges.filter((exchange) => exchange.response);
  const { success: ok, error: refused } = MARKETPLACE_OUTCOME;
  const statuses = (list: Exchange[]) => tally(list.map((exchange) => exchange.response!.status));
  const outcome = (exchange: Exchange) => marketplaceStatus(exchange.response!.json);
  const success = answered.filter((exchange) => outcome(exchange) === ok);
  const errors = answered.filter((exchange) => outcome(exchange) === refused);
  if (success.length > 0) lines.push(`HTTP status of ${ok} answers: ${statuses(success)}`);
  if (errors.length > 0) lines.push(`HTTP status of ${refused} answers: ${statuses(errors)}`);
  const other = answered.filter((exchange) => ![ok, refused].includes(outcome(exchange) ?? ''));
  if (other.length > 0) {
    lines.push(`answers without a ${ok}/${refused} status (validation errors and the like): HTTP ${statuses(other)}`);
  }
  // Answers to a missing or wrong key; on the mock, examples chosen with
  // Prefer say nothing about the deployment and are left out.
  const keyErrors = errors.filter((exchange) => {
    if (exchange.template.headers.some(([name]) => name === 'Prefer')) return false;
    const key = [...exchange.template.query, ...(exchange.template.form ?? [])].find(([name]) => name === 'api_key');
    return !key || typeof key[1] === 'string';
  });
  const messages = keyErrors
    .map((exchange) => (exchange.response!.json as { msg?: unknown }).msg)
    .filter((msg): msg is string => typeof msg === 'string');
  if (messages.length > 0) lines.push(`msg for a missing or wrong key: ${tally(messages)}`);
  return lines;
}

export function observe(api: ApiName, exchanges: Exchange[]): string[] {
  const own = exchanges.filter((exchange) => exchange.template.api === api);
  return api === 'analytics' ? analytics(own) : marketplace(own);
}
