// One variant at one size, run under callgrind by instructions.mjs: warm up,
// then count the instructions of a batch of calls. Callgrind is told to zero
// its counters and to dump them around the batch (`callgrind_control`), once
// around nothing first, so that what telling it costs can be taken off.
// Arguments: variant, rows (0 for one website), warm-up calls, counted calls.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { drive, makeVariants, startServer } from './variants.mjs';

const control = (what) => promisify(execFile)('callgrind_control', [what, String(process.pid)]);
const [variant, rows, warm, counted] = process.argv.slice(2);
const { createAnalyticsClient } = await import('../dist/index.js');
const { analyticsResponseValidator } = await import('../dist/response-validation.js');
const server = await startServer();
try {
  const run = makeVariants(
    { createAnalyticsClient, analyticsResponseValidator, baseUrl: server.baseUrl },
    Number(rows),
  )[variant];
  await drive(Number(warm), 8, run);
  await control('--zero');
  await control('--dump=nothing');
  await control('--zero');
  await drive(Number(counted), 8, run);
  await control('--dump=batch');
} finally {
  server.close();
}
