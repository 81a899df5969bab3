#!/usr/bin/env node
// `tallyport-mock` / `pnpm mock`: both mocks on fixed, configurable ports
// until Ctrl-C. Prism by default; `--stateful` serves the stateful mock of
// @tallyport/mock, whose data changes with what is sent, and prints the keys
// and purchase codes it knows.
import { parseArgs } from 'node:util';
import { DEFAULT_KEYS } from '@tallyport/mock';
import { parseApiSelection } from './config/api-selection.js';
import { didYouMean } from './config/nearest.js';
import { startMocks } from '../run/mocks.js';
import { toolVersion } from '../report/tool-version.js';
import type { ApiName } from '../spec/models.js';
import { present } from '../text/present.js';

const HELP = `Usage: tallyport-mock [options]

Serves mocks of the bundled Analytics and Marketplace specs: Prism (the spec
examples, whatever is sent) or, with --stateful, a mock whose records change
with what is sent.

Options:
  --api analytics|marketplace|all   which mocks to start (default all)
  --analytics-port N                default 4010 (env TALLYPORT_MOCK_ANALYTICS_PORT)
  --marketplace-port N              default 4011 (env TALLYPORT_MOCK_MARKETPLACE_PORT)
  --host H                          default 127.0.0.1
  --stateful                        the stateful mock instead of Prism
  --seed N                          stateful: the number its data comes from (default 1);
                                    the same number gives the same data
  --latency MS                      stateful: wait MS milliseconds before each answer (default 0)
  --fail-rate R                     stateful: answer a share R (0 to 1) of requests with 503 (default 0)
  --analytics-key K                 stateful: the analytics key (default ${DEFAULT_KEYS.analyticsKey})
  --market-key K                    stateful: the key of the account with items (default ${DEFAULT_KEYS.marketKey})
  --empty-key K                     stateful: the key of the account without items (default ${DEFAULT_KEYS.emptyKey})
  --version                         print the version
  --help                            this text

The stateful mock prints its keys and one valid purchase code per item.
Stop with Ctrl-C.`;

const STATEFUL_ONLY = ['seed', 'latency', 'fail-rate', 'analytics-key', 'market-key', 'empty-key'] as const;

/** The port of an API's mock: its flag's, else its variable's (TALLYPORT_MOCK_ANALYTICS_PORT), else `fallback`. */
function portFrom(flag: string | undefined, api: ApiName, fallback: number): number {
  const value = flag ?? process.env[`TALLYPORT_MOCK_${api.toUpperCase()}_PORT`];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--${api}-port must be a port number, got "${value}"`);
  return port;
}

function numberFrom(value: string | undefined, label: string, max: number, whole: boolean): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(number) ||
    number < 0 ||
    number > max ||
    (whole && !Number.isInteger(number))
  )
    throw new Error(`${label} must be ${whole ? 'a whole number' : 'a number'} from 0 to ${max}, got "${value}"`);
  return number;
}

const FLAGS = {
  api: { type: 'string', default: 'all' },
  'analytics-port': { type: 'string' },
  'marketplace-port': { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  stateful: { type: 'boolean', default: false },
  seed: { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'analytics-key': { type: 'string' },
  'market-key': { type: 'string' },
  'empty-key': { type: 'string' },
  version: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** The flags; an unknown one is named beside the nearest known flag (never its value: it may be a key). */
function parseFlags(args: string[]) {
  try {
    return parseArgs({ args, options: FLAGS, strict: true }).values;
  } catch (error) {
    const flag = /'(--?[a-z][a-z-]*)/i.exec(error instanceof Error ? error.message : '')?.[1];
    const known = Object.keys(FLAGS).map((name) => `--${name}`);
    const nearest = flag?.startsWith('--') ? didYouMean(flag, known) : '';
    throw new Error(`unknown or malformed option${flag ? ` ${flag}` : ''}${nearest} (see --help)`);
  }
}

/** A port another process holds, said with what to do; any other error as it is. */
function startProblem(error: unknown, ports: Record<ApiName, number>): string {
  const message = error instanceof Error ? error.message : String(error);
  const busy = /EADDRINUSE[^\d]*(\S+):(\d+)/.exec(message);
  if (!busy) return message;
  const api = (Object.keys(ports) as ApiName[]).find((name) => ports[name] === Number(busy[2]));
  const flag = api ? `--${api}-port (or TALLYPORT_MOCK_${api.toUpperCase()}_PORT)` : 'another port';
  return (
    `port ${busy[2]} on ${busy[1]} is already in use${api ? ` (the ${api} mock's)` : ''}, perhaps by another ` +
    `tallyport-mock: stop that one, or choose ${flag}; 0 lets the system pick a free one`
  );
}

async function main(): Promise<number> {
  // `pnpm mock -- --stateful` passes the `--` on; it separates nothing here.
  const argv = process.argv.slice(2);
  const values = parseFlags(argv[0] === '--' ? argv.slice(1) : argv);
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    console.log(toolVersion());
    return 0;
  }
  const apis = parseApiSelection(values.api);
  const misplaced = STATEFUL_ONLY.filter((name) => values[name] !== undefined);
  if (!values.stateful && misplaced.length > 0)
    throw new Error(`--${misplaced[0]} applies to the stateful mock only: add --stateful`);
  const seed = numberFrom(values.seed, '--seed', 2_147_483_647, true);
  const latencyMs = numberFrom(values.latency, '--latency', 600_000, true);
  const failRate = numberFrom(values['fail-rate'], '--fail-rate', 1, false);
  const keys = {
    ...(values['analytics-key'] ? { analyticsKey: values['analytics-key'] } : {}),
    ...(values['market-key'] ? { marketKey: values['market-key'] } : {}),
    ...(values['empty-key'] ? { emptyKey: values['empty-key'] } : {}),
  };

  const ports = {
    analytics: portFrom(values['analytics-port'], 'analytics', 4010),
    marketplace: portFrom(values['marketplace-port'], 'marketplace', 4011),
  };
  const mocks = await startMocks({
    apis,
    host: values.host,
    ports,
    ...(values.stateful
      ? {
          stateful: {
            ...present({ seed, latencyMs, failRate }),
            keys,
          },
        }
      : {}),
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    throw new Error(startProblem(error, ports));
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
