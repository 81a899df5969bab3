// The code generators integrators use write code from both specs that a strict
// TypeScript project compiles. The specs keep the response ranges (`2XX`,
// `4XX`: status codes are not shown by the source documentation); where a
// generator turns a range into a status type that is not TypeScript, the
// integrator's option that leaves status types out is used and named here.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationIdsOf } from './support/operations.js';
import { API_NAMES, type ApiName, inScratch, runBin, specPath, type ToolRun } from './support/tools.js';
import { typecheck } from './support/typecheck.js';

interface Generator {
  name: string;
  /** Writes the code of one spec under `out` and returns the run, the file to look for operations in. */
  generate(api: ApiName, out: string): Promise<{ run: ToolRun; file: string }>;
  /** How an operation id appears in the output. */
  spelling(operationId: string): string;
}

const generators: Generator[] = [
  {
    name: 'openapi-typescript',
    async generate(api, out) {
      const file = join(out, api, 'schema.ts');
      return { run: await runBin('openapi-typescript', 'openapi-typescript', [specPath(api), '-o', file]), file };
    },
    spelling: (id) => `${id}: {`,
  },
  {
    name: '@hey-api/openapi-ts',
    async generate(api, out) {
      const run = await runBin('@hey-api/openapi-ts', 'openapi-ts', ['-i', specPath(api), '-o', join(out, api)]);
      return { run, file: join(out, api, 'sdk.gen.ts') };
    },
    spelling: (id) => `export const ${id} =`,
  },
  {
    name: 'orval',
    async generate(api, out) {
      const file = join(out, api, 'api.ts');
      // The fetch client needs no HTTP library. Its default response types put each response key in a
      // `status:` type, and `2XX` is not a TypeScript type: `includeHttpResponseReturnType: false`
      // returns the payload instead, which is what a client over ranges can promise.
      const config = {
        [api]: {
          input: { target: specPath(api) },
          output: { target: file, client: 'fetch', override: { fetch: { includeHttpResponseReturnType: false } } },
        },
      };
      const configFile = join(out, `orval.${api}.config.cjs`);
      await writeFile(configFile, `module.exports = ${JSON.stringify(config)};\n`);
      return { run: await runBin('orval', 'orval', ['--config', configFile]), file };
    },
    spelling: (id) => `export const ${id} =`,
  },
];

describe.each(generators)('$name', (generator) => {
  it('writes every operation of both specs, without warnings, in code that type-checks', async () => {
    await inScratch(generator.name.replace(/\W/g, ''), async (out) => {
      for (const api of API_NAMES) {
        const { run, file } = await generator.generate(api, out);
        expect(run.code, run.output).toBe(0);
        expect(run.output).not.toMatch(/warn|error|fail/i);
        const code = await readFile(file, 'utf8');
        for (const id of operationIdsOf(api)) expect(code).toContain(generator.spelling(id));
      }
      const checked = await typecheck(out);
      expect(checked.output).toBe('');
      expect(checked.code).toBe(0);
    });
  });
});
