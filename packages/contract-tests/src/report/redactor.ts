// The run's secrets, named, in the repository's one redaction module: every
// text leaving the process (console, JUnit, JSON, HAR) passes through it, so
// a key echoed back by a server, in any form, reads as its placeholder
// ("$ANALYTICS_API_KEY"), which is also what the printed curl lines use. The
// thorough redactor: answers come from servers the run does not trust, so a
// key is also found in any case, with invisible characters in it, and any
// piece of six of its characters is masked wherever it stands (but for the
// words the tester prints of its own). It runs last, on the final text of
// each line and report, so no escape or quote added after it can complete a
// key.
import { REDACTED, Redactor, ThoroughRedactor } from '@tallyport/redaction';
import { ownText } from './own-text.js';
import type { SecretName } from '../spec/secrets.js';

export { REDACTED, Redactor };

export function secretRedactor(secrets: Partial<Record<SecretName, string | undefined>>): Redactor {
  const redactor = new ThoroughRedactor({ ownText: ownText() });
  for (const [name, value] of Object.entries(secrets)) redactor.add(value, `$${name}`);
  return redactor;
}
