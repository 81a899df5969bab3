// Writes dist/config-schema.json after the build, the file editors read for
// tallyport.config.json ("$schema": "./node_modules/@tallyport/contract-tests/dist/config-schema.json").
// The schema itself is built from the option list in src/cli/config/options.ts.
import { writeFileSync } from 'node:fs';
import { configSchema } from '../dist/index.js';

writeFileSync(new URL('../dist/config-schema.json', import.meta.url), `${JSON.stringify(configSchema, null, 2)}\n`);
