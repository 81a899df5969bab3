// How a value shown compares with the value written, where the source does
// not show how a deployment stores text (the exclusion lists' format is "not
// shown"). A deployment may show text as written, trimmed, in another case,
// a domain in its ASCII form, a list with other separators, sorted, without
// repeats, or as a JSON array: each keeps every entry that was written, so
// each is its own normalisation. What no normalisation explains is a value
// with part of it missing (an entry dropped, characters cut or stripped),
// nothing stored for something written, or something kept where an empty
// value was written. A form of its own the run cannot explain is learnt, and
// the same value written again must show the same way (stored_as_sent).
import { domainToASCII } from 'node:url';
import { comparable, sameValue, shownAsWritten } from '../checks/judging/compare.js';

export type Stored =
  /** Shown as written, or in a normalisation that keeps every entry. */
  | { verdict: 'kept'; how: 'as written' | 'normalised' | 'another form' }
  /** Shown in a representation the sent value cannot be compared with (a word for a number). */
  | { verdict: 'other-representation' }
  | { verdict: 'part-missing'; missing: string }
  | { verdict: 'lost' }
  /** The value the field showed before the write (a view that lags it, or a write never stored). */
  | { verdict: 'unchanged' }
  | { verdict: 'empty-not-stored' };

const isEmpty = (value: unknown): boolean =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

const SEPARATORS = /[\s,;|]+/u;

const fold = (text: string): string => {
  const lower = text.normalize('NFC').toLowerCase();
  const ascii = /^[\p{L}\p{N}.-]+$/u.test(lower) && /\./.test(lower) ? domainToASCII(lower) : '';
  return ascii !== '' ? ascii : lower;
};

/** The entries of a list as text, each folded (case, Unicode form, a domain's ASCII form). */
function entries(value: unknown): string[] | undefined {
  if (Array.isArray(value))
    return value.every((item) => typeof item === 'string' || typeof item === 'number')
      ? value.map((item) => fold(String(item).trim())).filter((item) => item !== '')
      : undefined;
  if (typeof value !== 'string') return undefined;
  return value
    .split(SEPARATORS)
    .map((item) => fold(item))
    .filter((item) => item !== '');
}

/** Whether `part` is `whole` with some characters taken out (and is shorter). */
function cutFrom(part: string, whole: string): boolean {
  if (part.length >= whole.length) return false;
  let at = 0;
  for (const char of whole) if (at < part.length && part[at] === char) at++;
  return at === part.length;
}

const joined = (items: readonly string[]): string => items.join('');

/**
 * Whether two texts written name the same entries (in any order, case, separators or repeats): the same value to a
 * deployment that keeps a list as a set, so one shows as the other did.
 */
export function sameEntries(a: unknown, b: unknown): boolean {
  if (sameValue(a, b)) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [left, right] = [new Set(entries(a)), new Set(entries(b))];
  return left.size > 0 && left.size === right.size && [...left].every((entry) => right.has(entry));
}

/**
 * How a value shown relates to the text (or documented default) written; `before`, the value the field showed
 * before an update wrote it, is never taken for a form of the new one.
 */
export function storedAs(written: unknown, shown: unknown, before?: { value: unknown }): Stored {
  const kept = storedAsWritten(written, shown);
  if (kept.verdict !== 'kept' || kept.how !== 'another form' || !before) return kept;
  return sameValue(shown, before.value) ? { verdict: 'unchanged' } : kept;
}

function storedAsWritten(written: unknown, shown: unknown): Stored {
  if (typeof written !== 'string') {
    if (sameValue(written, shown)) return { verdict: 'kept', how: 'as written' };
    return comparable(String(written), shown) ? { verdict: 'lost' } : { verdict: 'other-representation' };
  }
  if (written === '') return isEmpty(shown) ? { verdict: 'kept', how: 'as written' } : { verdict: 'empty-not-stored' };
  if (isEmpty(shown)) return { verdict: 'lost' };
  if (shownAsWritten(shown, written)) return { verdict: 'kept', how: 'as written' };
  // A long text is kept as a prefix, its length and a digest (answers/records.ts): shorter than written is cut.
  const kept = typeof shown === 'string' ? /^(.*)…\[(\d+) characters, sha256 [0-9a-f]+\]$/su.exec(shown) : null;
  if (kept) {
    const length = Number(kept[2]);
    if (length < written.length && written.startsWith(kept[1]!))
      return { verdict: 'part-missing', missing: `${written.length - length} of its ${written.length} characters` };
    return { verdict: 'kept', how: 'another form' };
  }
  if (/^-?\d+(\.\d+)?$/.test(written.trim()))
    return sameValue(written, shown)
      ? { verdict: 'kept', how: 'as written' }
      : comparable(written, shown)
        ? { verdict: 'lost' }
        : { verdict: 'other-representation' };
  const sent = entries(written) ?? [];
  const got = entries(shown);
  if (!got) return { verdict: 'other-representation' };
  const sentSet = new Set(sent);
  const gotSet = new Set(got);
  if (sentSet.size === gotSet.size && [...sentSet].every((entry) => gotSet.has(entry)))
    return { verdict: 'kept', how: 'normalised' };
  const dropped = [...sentSet].filter((entry) => !gotSet.has(entry));
  if ([...gotSet].every((entry) => sentSet.has(entry)) && dropped.length > 0)
    return { verdict: 'part-missing', missing: dropped.join(', ') };
  if (cutFrom(joined(got), joined(sent))) {
    const shownText = joined(got);
    const lostChars = [...joined(sent)].filter(
      (char, index, all) => all.indexOf(char) === index && !shownText.includes(char),
    );
    return {
      verdict: 'part-missing',
      missing: lostChars.length > 0 ? `the characters ${lostChars.join(' ')}` : 'some characters',
    };
  }
  return { verdict: 'kept', how: 'another form' };
}
