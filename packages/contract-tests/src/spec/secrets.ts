// The secrets a run holds (the keys, a valid purchase code) and the values a
// request sends: text, or a reference to a secret that only the transport
// fills in at the moment of sending, so every case, curl and report holds a
// placeholder and never the secret itself.
import type { ApiName } from '@tallyport/spec-model/query';

/**
 * The name of a secret: the environment variable that holds it, named after its API and what it is
 * (`ANALYTICS_API_KEY`, `MARKETPLACE_PURCHASE_CODE`; see spec/deployment.ts).
 */
export type SecretName = `${Uppercase<ApiName>}_${string}`;

export interface SecretRef {
  secret: SecretName;
  /** Text before the secret in the same value, e.g. "Bearer ". */
  prefix?: string;
}

export type TemplateValue = string | SecretRef;

/** The values a request sends, by parameter name. */
export type Values = Record<string, TemplateValue>;

export const isSecretRef = (value: TemplateValue): value is SecretRef => typeof value !== 'string';

/** The text a value stands for, with the secret it refers to filled in from `secrets` (nothing for one not held). */
export const filled = (value: TemplateValue, secrets: Partial<Record<SecretName, string>>): string =>
  isSecretRef(value) ? `${value.prefix ?? ''}${secrets[value.secret] ?? ''}` : value;

export const secret = (name: SecretName, prefix?: string): SecretRef =>
  prefix ? { secret: name, prefix } : { secret: name };
