// The config file: `--config FILE`, or `tallyport.config.json` in the working
// folder when there is one. It is validated against the published schema
// before anything else, then each "${NAME}" string is replaced by that
// environment variable. A variable holding a key is never substituted: keys
// reach the run only as the environment variables the README names.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { CHECK_NAMES } from '../../registry/index.js';
import { accepted } from './accepted.js';
import { ConfigError } from './error.js';
import { DEFAULT_CONFIG_FILE } from './file-name.js';
import { didYouMean } from './nearest.js';
import { configKey, OPTIONS } from './options.js';
import { configSchema } from './schema.js';

export { DEFAULT_CONFIG_FILE };

/** What the file says, as flag values: `max-requests` → "200", `allow-writes` → true. */
export type FileOptions = Record<string, string | boolean>;

export interface LoadedConfig {
  file?: string;
  options: FileOptions;
}

const KEY_LIKE = /(^|_)(API_KEY|KEY|TOKEN|SECRET|PASSWORD|PURCHASE_CODE)$/i;
const KEY_PROPERTY = /key|token|secret|password|purchase/i;

let validate: ReturnType<Ajv2020['compile']> | undefined;

const CONFIG_KEYS = OPTIONS.filter((option) => option.config).map((option) => configKey(option.flag));

/** A value as a message may repeat it: numbers, booleans and short words; never a text that could be a key. */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'string') return /^[a-z][a-z_-]{0,23}$/i.test(value) ? `"${value}"` : 'a text';
  return Array.isArray(value) ? 'a list' : 'an object';
}

/** One problem per property, in the option's words: what it accepts, and what the file holds. */
function problems(file: string, errors: readonly ErrorObject[], parsed: unknown): string[] {
  const said = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword === 'additionalProperties') {
      const name = String(error.params.additionalProperty);
      const nearest = didYouMean(name, CONFIG_KEYS, (key) => `"${key}"`);
      said.set(
        name,
        KEY_PROPERTY.test(name)
          ? `${file}: "${name}" is not an option; keys are read only from the environment (see --help)`
          : `${file}: "${name}" is not an option${nearest} (see --config-schema)`,
      );
      continue;
    }
    const [key = '', item] = error.instancePath.slice(1).split('/');
    if (said.has(key)) continue;
    const option = OPTIONS.find((candidate) => configKey(candidate.flag) === key);
    const value = (parsed as Record<string, unknown> | null)?.[key];
    if (!key || !option) {
      said.set(key, `${file}: the file must hold one object of options (see --config-schema)`);
      continue;
    }
    // A list of check names holding an unknown one: that name, and the nearest check.
    const listed = item !== undefined && Array.isArray(value) ? value[Number(item)] : undefined;
    if (typeof listed === 'string' && option.flag === 'only') {
      said.set(key, `${file}: ${key} names ${shown(listed)}, which is not a check${didYouMean(listed, CHECK_NAMES)}`);
      continue;
    }
    said.set(key, `${file}: ${key} must be ${accepted(option)}; it is ${shown(value)}`);
  }
  return [...said.values()];
}

/** Where JSON.parse stopped, as "line L, column C" of the text (V8 says a position, or a line and column). */
function whereParsingStopped(text: string, message: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `line ${lineColumn[1]}, column ${lineColumn[2]}`;
  const position = /at position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : text.length;
  const before = text.slice(0, at).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

function substitute(value: string, env: NodeJS.ProcessEnv, file: string, option: string): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    if (KEY_LIKE.test(name))
      throw new ConfigError(`${file}: ${option} uses \${${name}}; keys are read only from the environment`);
    const found = env[name];
    if (found === undefined) throw new ConfigError(`${file}: ${option} uses \${${name}}, which is not set`);
    return found;
  });
}

/** Reads the config file named by `--config`, or the default one if present; none: no options. */
export function loadConfigFile(explicit: string | undefined, env: NodeJS.ProcessEnv, cwd: string): LoadedConfig {
  const file = explicit ?? (existsSync(resolve(cwd, DEFAULT_CONFIG_FILE)) ? DEFAULT_CONFIG_FILE : undefined);
  if (!file) return { options: {} };
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`config file ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // The parser's own words quote the text around the error, which could hold a key: only where it stopped is said.
    const message = error instanceof Error ? error.message : '';
    throw new ConfigError(
      `config file ${file} is not valid JSON: it stops making sense at ${whereParsingStopped(text, message)}`,
    );
  }
  validate ??= new Ajv2020({ allErrors: true, strict: false }).compile(configSchema);
  if (!validate(parsed)) {
    const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'anyOf');
    throw new ConfigError(problems(file, errors, parsed).slice(0, 5).join('; '));
  }
  const options: FileOptions = {};
  const values = parsed as Record<string, unknown>;
  for (const option of OPTIONS) {
    const value = values[configKey(option.flag)];
    if (value === undefined || !option.config) continue;
    const name = configKey(option.flag);
    if (typeof value === 'boolean') options[option.flag] = value;
    else if (Array.isArray(value)) options[option.flag] = value.join(',');
    else options[option.flag] = substitute(String(value), env, file, name);
  }
  return { file, options };
}
