// The public surface of the redaction module.
export { formsOf } from './forms.js';
export { isSecretName, SECRET_NAMES } from './names.js';
export { REDACTED, Redactor, type RedactorOptions, WHOLE_TOKEN_BELOW } from './redactor.js';
export { SHORTEST_PIECE, ThoroughRedactor, type ThoroughRedactorOptions } from './thorough.js';
