// The published JSON Schema of `tallyport.config.json` (`--config-schema`
// prints it; the package exports it and ships it as config-schema.json, so an
// editor completes and checks the file). Built from the option list; it is
// closed, so a misspelt option, or a key, is refused rather than ignored.
import { configKey, OPTIONS } from './options.js';

export const CONFIG_SCHEMA_ID = 'urn:tallyport:contract-config:1';

export const configSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: CONFIG_SCHEMA_ID,
  title: 'tallyport-contract configuration',
  description:
    'Every option of tallyport-contract except keys, which are read only from the environment. A string value ' +
    `"\${NAME}" is replaced by the environment variable NAME. Options given as flags win over this file; base URLs ` +
    'in the environment (ANALYTICS_BASE_URL, MARKETPLACE_BASE_URL) win over analyticsUrl and marketplaceUrl.',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string', description: 'Where an editor finds this schema.' },
    ...Object.fromEntries(
      OPTIONS.filter((option) => option.config).map((option) => [
        configKey(option.flag),
        { ...option.config, description: `--${option.flag}: ${option.help.join(' ')}` },
      ]),
    ),
  },
} as const;
