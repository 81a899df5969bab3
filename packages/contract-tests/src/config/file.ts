// The config file: `--config FILE`, or `tallyport.config.json` in the working
// folder when there is one. It is validated against the published schema
// before anything else, then each "${NAME}" string is replaced by that
// environment variable. A variable holding a key is never substituted: keys
// reach the run only as the environment variables the README names.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { ConfigError } from './error.js';
import { DEFAULT_CONFIG_FILE } from './file-name.js';
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

function problem(file: string, error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'the file';
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    return KEY_PROPERTY.test(name)
      ? `${file}: "${name}" is not an option; keys are read only from the environment (see --help)`
      : `${file}: "${name}" is not an option (see --config-schema)`;
  }
  return `${file}: ${where} ${error.message ?? 'is not valid'}`;
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
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(resolve(cwd, file), 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code ? `cannot be read (${code})` : 'is not valid JSON';
    throw new ConfigError(`config file ${file}: ${why}`);
  }
  validate ??= new Ajv2020({ allErrors: true, strict: false }).compile(configSchema);
  if (!validate(parsed)) {
    const errors = (validate.errors ?? []).filter((error) => error.keyword !== 'anyOf');
    throw new ConfigError([...new Set(errors.map((error) => problem(file, error)))].slice(0, 5).join('; '));
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
