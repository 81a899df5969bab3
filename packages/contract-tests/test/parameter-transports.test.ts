// Where an operation reads its parameters when the source does not show it: when that is in doubt, which places
// are tried, and what counts as a request the deployment read.
import { describe, expect, it } from 'vitest';
import { toTemplate } from '../src/transport/template.js';
import { toCurl } from '../src/transport/curl.js';
import {
  findTransport,
  otherTransports,
  placeInDoubt,
  readAsSent,
  specTransport,
} from '../src/run/parameter-transports.js';
import { specModels } from '../src/spec/models.js';
import { answersOf, type Recorded } from './checks/recorded.js';

const market = specModels.marketplace;
const operation = (id: string) => market.operations.find((candidate) => candidate.id === id)!;
const documented = { family: 'documented' as const, expect: 'refusal' as const, message: 'invalid_purchase_code' };
const validation = (body: unknown): Recorded => ({
  api: 'marketplace',
  operationId: 'validatePurchase',
  values: { purchase_code: 'tallyport-unrecognised-0000' },
  status: 200,
  body,
  case: documented,
});
const account: Recorded = {
  api: 'marketplace',
  operationId: 'getAccountDetails',
  status: 200,
  body: { status: '成功', data: {} },
  case: { family: 'baseline' },
};

describe('parameter transports', () => {
  it('tries a body only where the method carries one, and never the spec place again', () => {
    expect(otherTransports(operation('getItem')).map((transport) => transport.params)).toEqual(['query', 'query']);
    const post = otherTransports(operation('validatePurchase'));
    expect(post).toHaveLength(8);
    expect(post).not.toContainEqual(specTransport(operation('validatePurchase')));
    expect(post).toContainEqual({ params: 'json', key: 'with-params' });
  });

  it('is in doubt only when a refusal is not the documented answer and another operation served the key', () => {
    const [served, wrongMessage, documentedMessage] = answersOf([
      account,
      validation({ status: '错误', msg: '无效请求' }),
      validation({ status: '错误', msg: '购买代码无效' }),
    ]);
    expect(placeInDoubt(wrongMessage!, [served!, wrongMessage!])).toBe(true);
    expect(placeInDoubt(documentedMessage!, [served!, documentedMessage!])).toBe(false);
    expect(placeInDoubt(wrongMessage!, [wrongMessage!])).toBe(false);
    expect(readAsSent(documentedMessage!)).toBe(true);
  });

  it('takes the first place whose answer shows the request was read, and leaves the others unjudged', async () => {
    const [first] = answersOf([validation({ status: '错误', msg: '无效请求' })]);
    const sent: string[] = [];
    const { finding, tried } = await findTransport(first!, async (testCase) => {
      sent.push(`${testCase.transport!.params} ${JSON.stringify(testCase.transport!.key)}`);
      const read = testCase.transport!.params === 'json' && testCase.transport!.key === 'with-params';
      return answersOf([
        {
          ...validation(read ? { status: '错误', msg: '购买代码无效' } : { status: '错误', msg: '无效请求' }),
          case: testCase,
        },
      ])[0]!;
    });
    expect(finding?.transport).toEqual({ params: 'json', key: 'with-params' });
    expect(finding?.unread).toEqual([first!.exchange.id, ...tried]);
    expect(tried).toHaveLength(2);
    expect(finding?.note).toContain('a JSON body');
    expect(sent[sent.length - 1]).toBe('json "with-params"');
  });

  it('sends every parameter and the key in the found place, and its curl says so without the key', () => {
    const target = {
      api: 'marketplace' as const,
      baseUrl: 'http://127.0.0.1:9',
      mock: false,
      wrongKey: 'wrong',
      parameterTransports: new Map([['validatePurchase', { params: 'json' as const, key: { header: 'X-API-Key' } }]]),
    };
    const template = toTemplate(target, operation('validatePurchase'), {
      key: 'k',
      family: 'documented',
      operationId: 'validatePurchase',
      title: 'validatePurchase',
      values: { purchase_code: 'abc' },
      auth: 'valid',
      expect: 'refusal',
    });
    expect(template.json).toBeDefined();
    expect(template.form).toEqual([['purchase_code', 'abc']]);
    expect(template.headers).toContainEqual(['X-API-Key', { secret: 'MARKETPLACE_API_KEY' }]);
    const curl = toCurl(template);
    expect(curl).toContain(`--data-raw '{"purchase_code":"abc"}'`);
    expect(curl).toContain('"X-API-Key: $MARKETPLACE_API_KEY"');
  });

  it('writes a secret inside a JSON body as its variable, the rest quoted', () => {
    const target = {
      api: 'marketplace' as const,
      baseUrl: 'http://127.0.0.1:9',
      mock: false,
      wrongKey: 'wrong',
      parameterTransports: new Map([['validatePurchase', { params: 'json' as const, key: 'with-params' as const }]]),
    };
    const template = toTemplate(target, operation('validatePurchase'), {
      key: 'k',
      family: 'documented',
      operationId: 'validatePurchase',
      title: 'validatePurchase',
      values: { purchase_code: "it's" },
      auth: 'valid',
      expect: 'refusal',
    });
    expect(toCurl(template)).toContain(
      `--data-raw '{"api_key":"'"$MARKETPLACE_API_KEY"'","purchase_code":"it'\\''s"}'`,
    );
  });
});
