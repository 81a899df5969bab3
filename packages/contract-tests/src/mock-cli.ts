#!/usr/bin/env node
// `tallyport-mock` / `pnpm mock`: both Prism mocks on fixed, configurable
// ports until Ctrl-C.
import { parseArgs } from 'node:util';
import { startMocks } from './mocks.js';
import { parseApiSelection } from './api-selection.js';

const HELP = `Usage: tallyport-mock [options]

Serves Prism mocks of the bundled Analytics and Marketplace specs.

Options:
  --api analytics|marketplace|all   which mocks to start (default all)
  --analytics-port N                default 4010 (env TALLYPORT_MOCK_ANALYTICS_PORT)
  --marketplace-port N              default 4011 (env TALLYPORT_MOCK_MARKETPLACE_PORT)
  --host H                          default 127.0.0.1
  --help                            this text

Stop with Ctrl-C.`;

function portFrom(value: string | undefined, fallback: number, label: string): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${label} must be a port number, got "${value}"`);
  return port;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      api: { type: 'string', default: 'all' },
      'analytics-port': { type: 'string' },
      'marketplace-port': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const apis = parseApiSelection(values.api);

  const mocks = await startMocks({
    apis,
    host: values.host,
    ports: {
      analytics: portFrom(
        values['analytics-port'] ?? process.env.TALLYPORT_MOCK_ANALYTICS_PORT,
        4010,
        '--analytics-port',
      ),
      marketplace: portFrom(
        values['marketplace-port'] ?? process.env.TALLYPORT_MOCK_MARKETPLACE_PORT,
        4011,
        '--marketplace-port',
      ),
    },
    log: (line) => console.log(line),
  });
  console.log('Mocks are running. Press Ctrl-C to stop.');

  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Stopping mocks…');
  await mocks.close();
  console.log('Mocks stopped.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`tallyport-mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
