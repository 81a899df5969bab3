// How a value shown compares with the value written, where the source does
// not show how a deployment stores text (the exclusion lists' format is "not
// shown"). "Format: not shown" excuses representation, never an entry added
// or dropped: a deployment may show text as written, trimmed, in another
// case, escaped (HTML entities, backslashes, percent-encoding), a domain in
// its ASCII form, a list with other separators, sorted, without repeats, as
// a JSON array, or each entry in a form of its own (an address as a CIDR
// block): each keeps every entry that was written and adds none. What no
// representation explains is a value with part of it missing (an entry
// dropped, characters cut or stripped), an entry that was not written (an
// update that kept old entries beside the new ones), nothing stored for
// something written, or something kept where an empty value was written. A
// form of its own the run cannot tell apart is learnt, and the same value
// written again must show the same way (stored_as_sent).
import { domainToASCII } from 'node:url';
import { comparable, sameValue, shownAsWritten } from '../checks/judging/compare.js';

export type Stored =
  /** Shown as written, or in a normalisation that keeps every entry. */
  | { verdict: 'kept'; how: 'as written' | 'normalised' | 'another form' }
  /** Shown in a representation the sent value cannot be compared with (a word for a number). */
  | { verdict: 'other-representation' }
  | { verdict: 'part-missing'; missing: string }
  /** Shown with entries that were not written (kept from before, or from elsewhere). */
  | { verdict: 'part-added'; added: string }
  | { verdict: 'lost' }
  /** The value the field showed before the write (a view that lags it, or a write never stored). */
  | { verdict: 'unchanged' }
  | { verdict: 'empty-not-stored' };

const isEmpty = (value: unknown): boolean =>
  value === null || value === '' || (Array.isArray(value) && value.length === 0);

const SEPARATORS = /[\s,;|]+/u;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text with the escaping a deployment may store or show it with undone: each decoding that applies. */
function decodings(text: string): string[] {
  const html = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/giu, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
  const backslash = text.replace(/\\(.)/gsu, '$1');
  let percent = text;
  try {
    percent = decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // Not percent-encoded.
  }
  return [...new Set([text, html, backslash, percent])];
}

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
 * The entries written that the value shown does not hold, and the entries it shows that were not written, under the
 * reading of its escaping that explains the most: each entry written shown as it was or in a form that holds it (an
 * address as a CIDR block, a quoted value).
 */
function entryDifference(sent: readonly string[], shown: unknown): { dropped: string[]; added: string[] } | undefined {
  const forms = typeof shown === 'string' ? decodings(shown) : [shown];
  let best: { dropped: string[]; added: string[] } | undefined;
  for (const form of forms) {
    const got = entries(form);
    if (!got) continue;
    const shownEntries = [...new Set(got)];
    const represents = (entry: string, written: string) => entry === written || entry.includes(written);
    const dropped = sent.filter((written) => !shownEntries.some((entry) => represents(entry, written)));
    const added = shownEntries.filter((entry) => !sent.some((written) => represents(entry, written)));
    if (!best || dropped.length + added.length < best.dropped.length + best.added.length) best = { dropped, added };
  }
  return best;
}

/** Whether a label shown is the label written: in another case, its ASCII form, trimmed, without a trailing dot. */
export function sameLabelForm(written: unknown, shown: unknown): boolean {
  if (typeof written !== 'string' || typeof shown !== 'string') return sameValue(written, shown);
  // A long label is kept as a prefix and a digest, as rows keep long text (answers/records.ts).
  if (shownAsWritten(shown, written)) return true;
  const form = (text: string) => fold(text.trim().replace(/\.$/u, ''));
  return decodings(shown).some((decoded) => form(decoded) === form(written));
}

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
  if (typeof shown === 'string' && decodings(shown).some((form) => sameValue(form, written)))
    return { verdict: 'kept', how: 'normalised' };
  const sent = [...new Set(entries(written) ?? [])];
  const difference = entryDifference(sent, shown);
  if (!difference) return { verdict: 'other-representation' };
  const { dropped, added } = difference;
  const got = entries(shown) ?? [];
  if (dropped.length === 0 && added.length === 0) return { verdict: 'kept', how: 'normalised' };
  if (dropped.length === 0) return { verdict: 'part-added', added: added.join(', ') };
  if (added.length === 0) return { verdict: 'part-missing', missing: dropped.join(', ') };
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
