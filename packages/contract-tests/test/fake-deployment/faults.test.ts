// Every fault is live: the fixed probe answers differently with the fault on
// than on the clean fake. For the checks that judge single answers, the probe
// also shows the evidence the check's definition asks for, and the clean fake
// shows none. Whether the engine catches each fault is the engine's own test.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Exchange, probe } from './fault-probe.js';
import { type CheckName, FAULTS } from './faults.js';
import { schemaProblems } from './probe.js';

const is2xx = (exchange: Exchange) => exchange.reply.status >= 200 && exchange.reply.status < 300;
const bodyOf = (exchange: Exchange) => (exchange.reply.body ?? {}) as Record<string, unknown>;
const outcome = (exchange: Exchange) => bodyOf(exchange).status;
const succeeded = (exchange: Exchange) =>
  exchange.api === 'analytics' ? is2xx(exchange) : outcome(exchange) === '成功';
const hasBody = (exchange: Exchange) => exchange.reply.body !== undefined || exchange.reply.text !== undefined;
const isJson = (exchange: Exchange) =>
  (exchange.reply.contentType ?? 'application/json').startsWith('application/json');

const PAYLOAD: Record<string, (body: Record<string, unknown>) => unknown> = {
  getAccountDetails: (body) => body.data,
  listItems: (body) => body.items,
  getItem: (body) => body.item,
  validatePurchase: (body) => (body.data as { purchase?: unknown } | undefined)?.purchase,
};

function documentedMessageBroken(exchange: Exchange): boolean {
  if (exchange.api !== 'marketplace') return false;
  const body = bodyOf(exchange);
  if (typeof exchange.intent === 'object') return !(body.status === '错误' && body.msg === exchange.intent.msg);
  if (body.status === '成功') return PAYLOAD[exchange.operationId]?.(body) == null;
  return body.status !== '错误';
}

async function schemaBroken(exchanges: Exchange[]): Promise<Exchange[]> {
  const broken: Exchange[] = [];
  for (const exchange of exchanges.filter((candidate) => hasBody(candidate) && isJson(candidate))) {
    const { reply } = exchange;
    const answer = {
      status: reply.status,
      type: 'application/json',
      text: reply.text ?? JSON.stringify(reply.body),
      body: reply.text === undefined ? reply.body : JSON.parse(reply.text),
      headers: new Headers(),
    };
    if ((await schemaProblems(exchange.api, exchange.operationId, answer)).length > 0) broken.push(exchange);
  }
  return broken;
}

/** The exchanges that break a check's definition, for the checks that judge single answers. */
const EVIDENCE: Partial<Record<CheckName, (exchanges: Exchange[]) => Exchange[] | Promise<Exchange[]>>> = {
  not_a_server_error: (exchanges) => exchanges.filter((exchange) => exchange.reply.status >= 500),
  status_code_conformance: (exchanges) =>
    exchanges.filter(
      (exchange) =>
        (exchange.api === 'analytics' && exchange.intent === 'valid' && !is2xx(exchange)) ||
        (exchange.api === 'marketplace' && outcome(exchange) === '成功' && !is2xx(exchange)),
    ),
  content_type_conformance: (exchanges) => exchanges.filter((exchange) => hasBody(exchange) && !isJson(exchange)),
  response_schema_conformance: schemaBroken,
  negative_data_rejection: (exchanges) => exchanges.filter((e) => e.intent === 'invalid' && succeeded(e)),
  ignored_auth: (exchanges) => exchanges.filter((e) => e.intent === 'unauthorised' && succeeded(e)),
  documented_error_messages: (exchanges) => exchanges.filter(documentedMessageBroken),
};

describe('every single fault', () => {
  let clean: Exchange[];
  beforeAll(() => {
    clean = probe([]);
  });

  it('leaves the clean probe deterministic and free of any evidence', async () => {
    expect(probe([]).map((exchange) => exchange.line)).toEqual(clean.map((exchange) => exchange.line));
    for (const [check, evidence] of Object.entries(EVIDENCE)) {
      expect(
        (await evidence(clean)).map((exchange) => exchange.line),
        check,
      ).toEqual([]);
    }
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s changes what the probe sees', async (_, fault) => {
    const faulty = probe([fault.name]);
    expect(faulty.length).toBe(clean.length);
    expect(faulty.filter((exchange, index) => exchange.line !== clean[index]?.line).length).toBeGreaterThan(0);
    const evidence = EVIDENCE[fault.expectedCheck];
    if (evidence) expect((await evidence(faulty)).length, `${fault.expectedCheck} evidence`).toBeGreaterThan(0);
  });
});
