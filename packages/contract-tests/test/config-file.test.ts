import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/cli/config/parse.js';
import { configKey, OPTIONS } from '../src/cli/config/options.js';
import { configSchema } from '../src/cli/config/schema.js';

/** A working folder holding `tallyport.config.json` with `content`. */
function folderWith(content: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'tallyport-config-'));
  writeFileSync(join(dir, 'tallyport.config.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

const env = (name: string) => `\${${name}}`;

describe('tallyport.config.json', () => {
  it('is read from the working folder and sets options', () => {
    const dir = folderWith({
      api: 'marketplace',
      strict: true,
      only: ['ignored_auth'],
      maxRequests: 200,
      timeout: 2.5,
    });
    const config = parseConfig([], {}, dir);
    expect(config.configFile).toBe('tallyport.config.json');
    expect(config.run.apis).toEqual(['marketplace']);
    expect(config.run.strict).toBe(true);
    expect(config.run.only).toEqual(['ignored_auth']);
    expect(config.run.limits).toEqual({ maxRequests: 200, timeoutMs: 2500 });
  });

  it('chooses the embedded mock, which a flag overrides', () => {
    const dir = folderWith({ mock: 'stateful' });
    expect(parseConfig([], {}, dir).run.mock).toBe('stateful');
    expect(parseConfig(['--mock', 'prism'], {}, dir).run.mock).toBe('prism');
  });

  it('gives way to flags', () => {
    const dir = folderWith({ api: 'marketplace', maxRequests: 200, strict: true });
    const config = parseConfig(['--api', 'analytics', '--max-requests', '50'], {}, dir);
    expect(config.run.apis).toEqual(['analytics']);
    expect(config.run.limits?.maxRequests).toBe(50);
    expect(config.run.strict).toBe(true);
  });

  it('takes a base URL after the flag and the environment, the key from the environment', () => {
    const dir = folderWith({ analyticsUrl: 'https://file.example.com' });
    const key = { ANALYTICS_API_KEY: 'k-123456' };
    expect(parseConfig([], key, dir).run.analytics?.baseUrl).toBe('https://file.example.com');
    expect(parseConfig([], { ...key, ANALYTICS_BASE_URL: 'https://env.example.com' }, dir).run.analytics?.baseUrl).toBe(
      'https://env.example.com',
    );
    const flagged = parseConfig(['--analytics-url', 'https://flag.example.com'], key, dir);
    expect(flagged.run.analytics?.baseUrl).toBe('https://flag.example.com');
    expect(() => parseConfig([], {}, dir)).toThrow(
      'analyticsUrl in tallyport.config.json is set but ANALYTICS_API_KEY',
    );
  });

  it('replaces a variable reference by the environment variable', () => {
    const dir = folderWith({
      marketplaceUrl: env('STAGING'),
      concurrency: env('WORKERS'),
      ledger: `${env('OUT')}/l.jsonl`,
    });
    const config = parseConfig(
      [],
      { STAGING: 'https://m.example.com', WORKERS: '8', OUT: '/tmp/x', MARKETPLACE_API_KEY: 'k' },
      dir,
    );
    expect(config.run.marketplace?.baseUrl).toBe('https://m.example.com');
    expect(config.run.limits?.concurrency).toBe(8);
    expect(config.ledgerFile).toBe('/tmp/x/l.jsonl');
  });

  it('names a variable that is not set', () => {
    const dir = folderWith({ concurrency: env('WORKERS') });
    expect(() => parseConfig([], {}, dir)).toThrow(
      `tallyport.config.json: concurrency uses ${env('WORKERS')}, which is not set`,
    );
  });

  it('never substitutes a variable holding a key', () => {
    const dir = folderWith({ websiteId: env('ANALYTICS_API_KEY') });
    expect(() => parseConfig([], { ANALYTICS_API_KEY: 'sekrit-123456' }, dir)).toThrow(
      'keys are read only from the environment',
    );
  });

  it('checks substituted values like flags', () => {
    const dir = folderWith({ concurrency: env('WORKERS') });
    expect(() => parseConfig([], { WORKERS: '100' }, dir)).toThrow(
      'concurrency in tallyport.config.json must be a whole number from 1 to 64',
    );
  });

  it.each([
    [
      { maxRequests: 0 },
      `maxRequests must be a whole number from 1 to 1000000, or "${env('NAME')}" (an environment variable); it is 0`,
    ],
    [{ api: 'both' }, 'api must be one of analytics, marketplace, all; it is "both"'],
    [{ mock: 'statefull' }, 'mock must be one of prism, stateful; it is "statefull"'],
    [{ only: ['sortorder'] }, 'only names "sortorder", which is not a check; did you mean sort_order?'],
    [{ strcit: true }, '"strcit" is not an option; did you mean "strict"? (see --config-schema)'],
    [{ marketplaceKey: 'x' }, '"marketplaceKey" is not an option; keys are read only from the environment'],
    ['{ not json', 'config file tallyport.config.json is not valid JSON: it stops making sense at line 1, column 3'],
  ])('refuses %j with a message that says why', (content, message) => {
    expect(() => parseConfig([], {}, folderWith(content))).toThrow(message);
  });

  // What a newcomer met: the JSON Schema's own words, and no way to find a misspelt option.
  it.each([
    [
      { timeout: 0 },
      `tallyport.config.json: timeout must be a number of seconds above 0 and at most 3600, or "${env('NAME')}" ` +
        '(an environment variable); it is 0',
    ],
    [{ websiteId: 'a b' }, `websiteId must be an id (letters, digits, - or _), or "${env('NAME')}"`],
    [{ marketplaceKeyIn: 'cookie' }, 'marketplaceKeyIn must be spec, query, form or header:NAME'],
    [{ maxRequestPerSecond: 5 }, '"maxRequestPerSecond" is not an option; did you mean "maxRequestsPerSecond"?'],
    ['{\n  "api": "all",\n  "strict": true,\n}\n', 'is not valid JSON: it stops making sense at line 4, column 1'],
  ])("says %j in the option's words, never the schema's", (content, message) => {
    let said = '';
    try {
      parseConfig([], {}, folderWith(content));
    } catch (error) {
      said = (error as Error).message;
    }
    expect(said).toContain(message);
    expect(said).not.toMatch(/must be (string|integer|number)|must match pattern|must be [<>]|\^\\\$/);
  });

  it('never repeats a text the file holds where an option is refused (it could be a key)', () => {
    const key = 'sk.live.0123456789abcdef';
    const said = (content: unknown) => {
      try {
        parseConfig([], {}, folderWith(content));
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(said({ websiteId: key })).toContain('websiteId must be an id');
    expect(said({ websiteId: key })).not.toContain(key);
    expect(said(`{ "websiteId": ${key} }`)).toContain('is not valid JSON');
    expect(said(`{ "websiteId": ${key} }`)).not.toContain(key);
  });

  it('is not read when absent, and --config names another file', () => {
    const empty = mkdtempSync(join(tmpdir(), 'tallyport-config-'));
    expect(parseConfig([], {}, empty).configFile).toBeUndefined();
    const dir = folderWith({ api: 'analytics' });
    writeFileSync(join(dir, 'ci.json'), JSON.stringify({ api: 'marketplace' }));
    expect(parseConfig(['--config', 'ci.json'], {}, dir).run.apis).toEqual(['marketplace']);
    expect(() => parseConfig(['--config', 'missing.json'], {}, dir)).toThrow('config file missing.json: no such file');
  });
});

describe('the config schema', () => {
  it('names every option but the commands, and nothing else but $schema', () => {
    const settable = OPTIONS.filter((option) => option.config).map((option) => configKey(option.flag));
    expect(Object.keys(configSchema.properties).sort()).toEqual(['$schema', ...settable].sort());
    for (const flag of ['config', 'help', 'version', 'list-checks', 'report-schema', 'config-schema'])
      expect(settable).not.toContain(configKey(flag));
  });

  it('is a valid JSON Schema that accepts a file with every option', () => {
    const validate = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(configSchema);
    const everything = {
      $schema: './node_modules/@tallyport/contract-tests/dist/config-schema.json',
      api: 'all',
      analyticsUrl: 'https://a.example.com',
      marketplaceUrl: env('MARKET_URL'),
      allowWrites: false,
      strict: true,
      ledger: 'ledger.jsonl',
      websiteId: 42,
      itemId: '7001',
      only: ['ignored_auth', 'sort_order'],
      examples: 5,
      seed: 7,
      junit: 'reports/contract.xml',
      json: 'reports/contract.json',
      har: '-',
      verbose: true,
      progress: 'lines',
      maxRequests: 500,
      maxRequestsPerSecond: 10,
      concurrency: 2,
      timeout: 2.5,
      maxResponseBytes: 1048576,
      maxDuration: 600,
      marketplaceKeyIn: 'header:X-Api-Key',
      mock: 'stateful',
    };
    expect(validate(everything), JSON.stringify(validate.errors)).toBe(true);
  });
});
