// What a config-file option accepts, said as the option's own words ("a
// whole number from 1 to 64", "one of auto, live, lines, off") rather than
// as the JSON Schema that checks it ("must be > 0; must be string; must
// match pattern"). Read from the same schema, so the two cannot disagree.
import { ENV_REFERENCE, type OptionSpec } from './options.js';

type Schema = Record<string, unknown>;

/** The option's own schema, without the `"${NAME}"` alternative every scalar option has. */
function unwrapEnv(schema: Schema): { schema: Schema; env: boolean } {
  const options = schema.anyOf as Schema[] | undefined;
  const own = options?.filter((option) => option.pattern !== ENV_REFERENCE);
  if (options && own && own.length === 1 && own.length < options.length) return { schema: own[0]!, env: true };
  return { schema, env: false };
}

function describe(schema: Schema, unit: string): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'number')
    return `a number${unit} above ${schema.exclusiveMinimum ?? schema.minimum} and at most ${schema.maximum}`;
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as Schema[]).map((option) => describe(option, unit)).join(', or ');
  if (schema.type === 'array') return 'a list';
  return 'a text that is not empty';
}

/** What the option accepts in the config file, e.g. `a whole number from 1 to 64, or "${NAME}"`. */
export function accepted(option: OptionSpec): string {
  const { schema, env } = unwrapEnv(option.config ?? {});
  const unit = option.value === 'SECONDS' ? ' of seconds' : '';
  const what = option.accepts ?? describe(schema, unit);
  return env ? `${what}, or "\${NAME}" (an environment variable)` : what;
}
