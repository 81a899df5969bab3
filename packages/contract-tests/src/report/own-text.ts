// What the tester prints of its own: the words of the specs it carries
// (operation, parameter and field names, enum values, descriptions, the
// documented messages), its check names, its own name, and what its CLI adds
// (the help: every option and environment variable). A piece of a key that is
// one of these words is no leak, and the redactor leaves it: a key holding
// "analytics" or "marketplace-key" must not mask every mention of the API or
// of an option. A whole key is masked all the same.
import { CHECK_NAMES } from '../registry/index.js';
import { specDocuments } from '../spec/models.js';

function stringsOf(value: unknown, into: string[], depth = 0): void {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object' && depth < 64)
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsOf(item, into, depth + 1);
    }
}

const added: string[] = [];
let own: readonly string[] | undefined;

/**
 * Adds text the process prints of its own, for the redactors made from now on. The CLI adds its help when its
 * options load (config.ts), before it makes a redactor; the engine cannot import the CLI's options itself (they
 * import the runner's defaults).
 */
export function addOwnText(text: string): void {
  added.push(text);
  own = undefined;
}

export function ownText(): readonly string[] {
  if (!own) {
    const words = ['tallyport-contract', ...CHECK_NAMES, ...added];
    stringsOf(specDocuments, words);
    own = words;
  }
  return own;
}
