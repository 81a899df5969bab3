// Which embedded mocks a run will want, guessed from the arguments and the
// environment alone, before the engine is even loaded: the mocks' host (a
// second Node process loading Prism) then starts while this one loads, which
// is most of what `pnpm contract` waits for on the mocks (`--mock stateful`
// starts in this process, and as early). A wrong guess costs nothing but
// time: the run checks the guess and starts what it needs itself.
import { existsSync } from 'node:fs';
import { API_NAMES, type ApiName } from '../../spec/models.js';
import { EMBEDDED_MOCKS, type EmbeddedMock } from '../../report/result.js';
import { DEFAULT_CONFIG_FILE } from './file-name.js';

const PRINTING = /^(-h|--help|--version|--list-checks|--report-schema|--config-schema|--overlaid-spec(=.*)?)$/;

/** The value of `--flag VALUE` or `--flag=VALUE`, if given. */
function flagValue(args: readonly string[], flag: string): string | undefined {
  const at = args.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at < 0) return undefined;
  const arg = args[at]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

/** Which embedded mock the arguments ask for (`--mock`), or undefined when they name none that exists. */
export function earlyMockKind(argv: readonly string[]): EmbeddedMock | undefined {
  const kind = flagValue(argv[0] === '--' ? argv.slice(1) : argv, '--mock') ?? 'prism';
  return (EMBEDDED_MOCKS as readonly string[]).includes(kind) ? (kind as EmbeddedMock) : undefined;
}

/** The APIs a run of these arguments would check against the embedded mocks; none when in doubt. */
export function earlyMockApis(argv: readonly string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): ApiName[] {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  if (args[0] === 'cleanup' || args.some((arg) => PRINTING.test(arg))) return [];
  // A config file may name deployments: the run decides once it has read it.
  if (flagValue(args, '--config') !== undefined || existsSync(`${cwd}/${DEFAULT_CONFIG_FILE}`)) return [];
  // A mock that does not exist is the run's to refuse.
  if (!earlyMockKind(args)) return [];
  const api = flagValue(args, '--api') ?? 'all';
  const apis: ApiName[] = api === 'all' ? [...API_NAMES] : API_NAMES.filter((name) => name === api);
  return apis.filter(
    (name) => !env[`${name.toUpperCase()}_BASE_URL`]?.trim() && flagValue(args, `--${name}-url`) === undefined,
  );
}
