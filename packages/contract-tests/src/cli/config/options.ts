// Every option of `tallyport-contract`, once: the flag parser, `--help`, the
// config file's JSON Schema and the README table test all read this list, so
// an option cannot be added to one and forgotten in another. Keys are not
// options: they come from the environment only.
import { CHECK_NAMES } from '../../registry/index.js';
import { DEFAULT_LIMITS, DEFAULT_MAX_DURATION_MS } from '../../run/contract.js';
import { API_NAMES } from '../../spec/models.js';
import { DEFAULT_LEDGER } from '../../run/writes/ledger.js';
import { DEFAULT_BASELINE_FILE } from '../../baseline/overlay-write.js';
import { EMBEDDED_MOCKS } from '../../report/result.js';

/** A config-file value may be `${NAME}`, replaced by that environment variable. */
export const ENV_REFERENCE = '^\\$\\{[A-Za-z_][A-Za-z0-9_]*\\}$';

const orEnv = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'string', pattern: ENV_REFERENCE }] });
const whole = (minimum: number, maximum: number) => orEnv({ type: 'integer', minimum, maximum });
const positiveSeconds = (maximum: number) => orEnv({ type: 'number', exclusiveMinimum: 0, maximum });
const text = { type: 'string', minLength: 1 } as const;

export interface OptionSpec {
  /** The flag without its dashes. */
  flag: string;
  short?: string;
  type: 'string' | 'boolean';
  /** What the value is, in --help and the README ("N", "FILE"). */
  value?: string;
  /** --help lines; the first is the summary the README's table repeats. */
  help: string[];
  /** The JSON Schema of the config-file property (named in camelCase); absent for flags that are commands. */
  config?: Record<string, unknown>;
  /** What the property accepts, in words, where its schema says it with a pattern (config/accepted.ts). */
  accepts?: string;
}

const MIB = 1024 * 1024;

/** What most options are: a whole number N from `minimum` to `maximum`, a file, a URL, an on/off switch. */
const numbered = (minimum: number, maximum: number) =>
  ({ type: 'string', value: 'N', config: whole(minimum, maximum) }) as const;
const FILE = { type: 'string', value: 'FILE', config: text } as const;
const URI = { type: 'string', value: 'URL', config: text } as const;
const SWITCH = { type: 'boolean', config: { type: 'boolean' } } as const;

export const OPTIONS: readonly OptionSpec[] = [
  {
    flag: 'api',
    type: 'string',
    value: `${API_NAMES.join('|')}|all`,
    help: ['APIs to check (default all)'],
    config: { enum: [...API_NAMES, 'all'] },
  },
  { flag: 'analytics-url', ...URI, help: ['analytics deployment (default: ANALYTICS_BASE_URL, else the mock)'] },
  { flag: 'marketplace-url', ...URI, help: ['marketplace deployment (default: MARKETPLACE_BASE_URL, else the mock)'] },
  {
    flag: 'mock',
    type: 'string',
    value: EMBEDDED_MOCKS.join('|'),
    help: [
      'the embedded mock an API without a URL is checked against (default prism): prism answers with the',
      'spec examples, whatever is sent; stateful keeps records, so every check runs, writes included',
    ],
    config: { enum: [...EMBEDDED_MOCKS] },
  },
  {
    flag: 'allow-writes',
    ...SWITCH,
    help: [
      'create, update and delete websites of this run only',
      '(domain tallyport-contract-<run>-*.example.com); always on for the mock',
    ],
  },
  {
    flag: 'strict',
    ...SWITCH,
    help: [
      'conventions that do not hold fail the run too; by default they are',
      'warnings (reported, annotated, exit code unchanged)',
    ],
  },
  { flag: 'ledger', ...FILE, help: [`where creates are recorded (default ${DEFAULT_LEDGER})`] },
  {
    flag: 'website-id',
    type: 'string',
    value: 'ID',
    help: ['website to read (never written)'],
    config: orEnv({ type: ['string', 'integer'], pattern: '^[A-Za-z0-9_-]+$' }),
    accepts: 'an id (letters, digits, - or _)',
  },
  {
    flag: 'item-id',
    type: 'string',
    value: 'ID',
    help: ['item to read'],
    config: orEnv({ type: ['string', 'integer'], pattern: '^[0-9]+$' }),
    accepts: 'a whole number',
  },
  {
    flag: 'only',
    type: 'string',
    value: 'CHECK[,CHECK]',
    help: ['run only these checks, and send only the requests they need'],
    config: { anyOf: [{ type: 'array', items: { enum: [...CHECK_NAMES] }, minItems: 1 }, text] },
    accepts: 'check names (--list-checks), as a list or separated by commas',
  },
  { flag: 'examples', ...numbered(0, 1000), help: ['drawn examples per operation, valid and invalid (default 0)'] },
  {
    flag: 'depth',
    ...numbered(2, 3),
    help: ['combinations of N parameters each request plan covers (2: every pair, the default; 3: every triple)'],
  },
  {
    flag: 'sequences',
    ...numbered(0, 50),
    help: [
      'command sequences the state model runs against a deployment (default 4; 0: none); with the walks of every',
      'list and the shrinking of what they find, at most 300 requests more',
    ],
  },
  {
    flag: 'seed',
    ...numbered(0, 2_147_483_647),
    help: ['seed of the generated values, drawn examples and command sequences (printed and in reports; replays them)'],
  },
  { flag: 'junit', ...FILE, help: ['write a JUnit XML report (- for stdout)'] },
  { flag: 'json', ...FILE, help: ['write a JSON report (- for stdout; --report-schema prints its schema)'] },
  { flag: 'har', ...FILE, help: ['write every exchange, redacted, as a HAR 1.2 file (- for stdout)'] },
  { flag: 'verbose', ...SWITCH, help: ['list every failed and skipped case (default: the first 3 of each group)'] },
  {
    flag: 'progress',
    type: 'string',
    value: 'auto|live|lines|off',
    help: ['progress on stderr: a live line on a terminal, a line every 5 s', 'otherwise (default auto)'],
    config: { enum: ['auto', 'live', 'lines', 'off'] },
  },
  {
    flag: 'max-requests',
    ...numbered(1, 1_000_000),
    help: [`cap on requests per API (default ${DEFAULT_LIMITS.maxRequests})`],
  },
  {
    flag: 'max-requests-per-second',
    ...numbered(0, 10_000),
    help: [
      `default ${DEFAULT_LIMITS.maxRequestsPerSecond}; no limit on the mock or on this machine`,
      '(localhost, 127.0.0.0/8, ::1) unless given; 0 for no limit',
    ],
  },
  {
    flag: 'concurrency',
    ...numbered(1, 64),
    help: [`requests in flight, 1-64 (default ${DEFAULT_LIMITS.concurrency})`],
  },
  {
    flag: 'timeout',
    type: 'string',
    value: 'SECONDS',
    help: [`per request (default ${DEFAULT_LIMITS.timeoutMs / 1000})`],
    config: positiveSeconds(3600),
  },
  {
    flag: 'max-response-bytes',
    ...numbered(1024, 1024 * MIB),
    help: [`largest answer read, decompressed (default ${DEFAULT_LIMITS.maxResponseBytes / MIB} MiB)`],
  },
  {
    flag: 'max-duration',
    type: 'string',
    value: 'SECONDS',
    help: [`the whole run, cleanup excepted (default ${DEFAULT_MAX_DURATION_MS / 1000})`],
    config: positiveSeconds(24 * 3600),
  },
  {
    flag: 'marketplace-key-in',
    type: 'string',
    value: 'WHERE',
    help: [
      'where api_key travels, which the source documentation does not',
      'show: spec (query for GET, form body for POST; default),',
      'query, form, or header:NAME',
    ],
    config: orEnv({ type: 'string', pattern: "^(spec|query|form|header:[A-Za-z0-9!#$%&'*+.^_`|~-]+)$" }),
    accepts: 'spec, query, form or header:NAME',
  },
  {
    flag: 'baseline',
    short: 'o',
    ...FILE,
    help: [
      'a baseline overlay (tallyport-contract baseline): the run fails where a point it pins no longer',
      `holds (drift); for \`baseline\` and --update-baseline, the file written (default ${DEFAULT_BASELINE_FILE})`,
    ],
  },
  {
    flag: 'update-baseline',
    ...SWITCH,
    help: ['rewrite the baseline file with what this run observes (after a change that was meant)'],
  },
  {
    flag: 'overlaid-spec',
    type: 'string',
    value: `${API_NAMES.join('|')}`,
    help: [
      "print the API's spec with the --baseline file applied (JSON), for openapi-typescript or a lint:",
      'types in which the pinned statuses and error bodies are typed',
    ],
  },
  {
    flag: 'config',
    type: 'string',
    value: 'FILE',
    help: ['read options from FILE (default: tallyport.config.json if present)'],
  },
  { flag: 'list-checks', type: 'boolean', help: ['print the checks and what each judges'] },
  { flag: 'report-schema', type: 'boolean', help: ['print the JSON Schema of the --json report'] },
  { flag: 'config-schema', type: 'boolean', help: ['print the JSON Schema of the config file'] },
  { flag: 'version', type: 'boolean', help: ['print the version'] },
  { flag: 'help', short: 'h', type: 'boolean', help: ['this text'] },
];

/** `max-requests` → `maxRequests`, the option's name in the config file. */
export const configKey = (flag: string): string =>
  flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The flag's synopsis: `--max-requests N`, `-h, --help`. */
export const synopsis = (option: OptionSpec): string =>
  `${option.short ? `-${option.short}, ` : ''}--${option.flag}${option.value ? ` ${option.value}` : ''}`;

export const PARSE_OPTIONS = Object.fromEntries(
  OPTIONS.map((option) => [option.flag, { type: option.type, ...(option.short ? { short: option.short } : {}) }]),
) as Record<string, { type: 'string' | 'boolean'; short?: string }>;
