// A second, independent check of the specs: the official OpenAPI 3.1 JSON
// Schema (with the 2020-12 dialect) via @seriousme/openapi-schema-validator,
// so a structural mistake that Redocly tolerates is still caught.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_NAMES } from '@tallyport/spec-model';

let failed = false;
// Both specs unless files are named.
const files = process.argv.length > 2 ? process.argv.slice(2) : API_NAMES.map((api) => `../../specs/${api}.yaml`);
for (const file of files) {
  const validator = new Validator();
  const result = await validator.validate(await readFile(file, 'utf8'));
  if (result.valid && validator.version === '3.1') {
    console.log(`${file}: valid OpenAPI ${validator.version}`);
  } else {
    failed = true;
    console.error(`${file}: invalid (OpenAPI ${validator.version ?? 'unknown'})`);
    console.error(JSON.stringify(result.errors, null, 2));
  }
}
process.exit(failed ? 1 : 0);
