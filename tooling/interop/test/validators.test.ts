// The linters and validators integrators run on an OpenAPI description accept
// both specs: Spectral's own ruleset (the one documented quirk exempted at its
// one place), the official OpenAPI 3.1 schema, and every embedded example
// checked by a validator that reads older JSON Schema too.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { API_NAMES, inScratch, packageDir, runBin, specPath } from './support/tools.js';

interface SpectralResult {
  code: string;
  path: string[];
}

const spectral = async (ruleset: string, api: string) => {
  const run = await runBin('@stoplight/spectral-cli', 'spectral', [
    'lint',
    '--ruleset',
    ruleset,
    '--format',
    'json',
    '--fail-severity',
    'hint',
    '--quiet',
    specPath(api as (typeof API_NAMES)[number]),
  ]);
  return { ...run, results: JSON.parse(run.stdout || '[]') as SpectralResult[] };
};

describe('Spectral (spectral:oas)', () => {
  it.each(API_NAMES)('finds nothing in %s.yaml with the repository ruleset', async (api) => {
    const run = await spectral(join(packageDir, '.spectral.yaml'), api);
    expect(run.results).toEqual([]);
    expect(run.code, run.output).toBe(0);
  });

  it('reports, without the exemption, exactly the documented search_by quirk', async () => {
    await inScratch('spectral', async (dir) => {
      const plain = join(dir, '.spectral.yaml');
      await writeFile(plain, "extends: ['spectral:oas']\n");
      const analytics = await spectral(plain, 'analytics');
      expect(analytics.results.map((result) => `${result.code} ${result.path.join('.')}`)).toEqual([
        'oas3-valid-schema-example components.parameters.StatSearchBy.schema.default',
      ]);
      expect((await spectral(plain, 'marketplace')).results).toEqual([]);
    });
  });
});

describe('@seriousme/openapi-schema-validator', () => {
  it.each(API_NAMES)('finds %s.yaml a valid OpenAPI 3.1 document', async (api) => {
    const validator = new Validator();
    const result = await validator.validate(await readFile(specPath(api), 'utf8'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });
});

describe('openapi-examples-validator', () => {
  it.each(API_NAMES)('reads every schema of %s.yaml and finds every example valid', async (api) => {
    const run = await runBin('openapi-examples-validator', 'openapi-examples-validator', [specPath(api)]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('No errors found');
    expect(Number(/Total examples found: (\d+)/.exec(run.output)?.[1] ?? 0)).toBeGreaterThan(5);
    expect(run.output).toContain('Examples without schema found: 0');
  });
});
