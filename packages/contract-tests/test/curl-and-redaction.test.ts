import { describe, expect, it } from 'vitest';
import { toCurl } from '../src/transport/curl.js';
import { secretRedactor } from '../src/report/redactor.js';
import type { RequestTemplate } from '../src/transport/request.js';
import { secret } from '../src/spec/secrets.js';

const base: RequestTemplate = {
  api: 'marketplace',
  operationId: 'getItem',
  method: 'GET',
  baseUrl: 'http://127.0.0.1:4011',
  path: '/api/items/item',
  query: [
    ['api_key', secret('MARKETPLACE_API_KEY')],
    ['item_id', '48213'],
  ],
  headers: [['Accept', 'application/json']],
  label: 'item',
};

describe('toCurl', () => {
  it('puts the key in as a shell variable and quotes everything else', () => {
    expect(toCurl(base)).toBe(
      [
        'curl -sS -i -X GET',
        `-H 'Accept: application/json' -G`,
        '--data-urlencode "api_key=$MARKETPLACE_API_KEY"',
        `--data-urlencode 'item_id=48213'`,
        `'http://127.0.0.1:4011/api/items/item'`,
      ].join(' '),
    );
  });

  it('writes a bearer header with the key placeholder', () => {
    const curl = toCurl({
      ...base,
      api: 'analytics',
      query: [],
      headers: [['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')]],
    });
    expect(curl).toContain(`-H "Authorization: Bearer $ANALYTICS_API_KEY"`);
  });

  it('sends form bodies field by field and survives quotes in values', () => {
    const curl = toCurl({
      ...base,
      method: 'POST',
      query: [],
      form: [
        ['api_key', secret('MARKETPLACE_API_KEY')],
        ['purchase_code', `it's "odd" $HOME`],
      ],
    });
    expect(curl).toContain(`--data-urlencode "api_key=$MARKETPLACE_API_KEY"`);
    expect(curl).toContain(`--data-urlencode 'purchase_code=it'\\''s "odd" $HOME'`);
  });
});

describe('the run redactor', () => {
  it('replaces a key, also URL-encoded, by its placeholder', () => {
    const redactor = secretRedactor({ MARKETPLACE_API_KEY: 'k3y/with+chars' });
    expect(redactor.text('msg: k3y/with+chars and k3y%2Fwith%2Bchars')).toBe(
      'msg: $MARKETPLACE_API_KEY and $MARKETPLACE_API_KEY',
    );
  });

  it('replaces a very short key only where it stands alone', () => {
    const redactor = secretRedactor({ ANALYTICS_API_KEY: 'ab' });
    expect(redactor.text('about ab')).toBe('about $ANALYTICS_API_KEY');
  });
});
