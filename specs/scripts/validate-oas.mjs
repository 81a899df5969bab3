// A second, independent check of the specs: the official OpenAPI 3.1 JSON
// Schema (with the 2020-12 dialect) via @seriousme/openapi-schema-validator,
// so a structural mistake that Redocly tolerates is still caught.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';

let failed = false;
for (const file of process.argv.slice(2)) {
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
