// Registers ts-hooks.mjs before the recall script loads: `node --import ./test/blind-faults/register-ts.mjs …`.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
