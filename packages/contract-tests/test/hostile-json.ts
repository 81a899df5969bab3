// JSON answers that break careless readers, shared by the check audit and the
// fault-injection runs: a value of every JSON type and shape, and bodies no
// bounded parser reads (nested beyond the bound, more values than the bound,
// cut short). A raw body stands in a JSON value as a marker string, which
// `bodyText` replaces by the raw text once the value is serialised.

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};

const RAW: Record<string, string> = {
  deep: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  wide: `[${'0,'.repeat(1_000_000)}0]`,
  cut: '{"data":[{"id":1,"dom',
};

const MARKER = '\u0000raw:';
const marker = (name: keyof typeof RAW): string => `${MARKER}${name}`;
/** How a marker begins in serialised JSON, where its control character is escaped. */
const SERIALISED_MARKER = JSON.stringify(MARKER).slice(1, -1);

/** A value of every JSON type, and the shapes that break careless readers, by what they are. */
export const HOSTILE_VALUES: Record<string, () => unknown> = {
  null: () => null,
  true: () => true,
  zero: () => 0,
  'a negative fraction': () => -1.5,
  'a huge number': () => 1e308,
  'an empty string': () => '',
  'a long string': () => 'x'.repeat(5000),
  'a string of controls and a lone surrogate': () => '\u0000\u001b[2J\u202e\ud800',
  'an empty array': () => [],
  'a mixed array': () => [null, 1, 'a', true, {}, []],
  'an empty object': () => ({}),
  'an object with prototype keys': () => JSON.parse('{"__proto__":{"id":1},"constructor":"c","toString":1}'),
  'an object nested 60 levels': () => nested(60),
  'an array of 2,000 numbers': () => Array.from({ length: 2000 }, (_, index) => index),
  'an object of 1,000 keys': () => Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`k${index}`, index])),
  'an object nested 20,000 levels': () => marker('deep'),
  'JSON cut short': () => marker('cut'),
};

/** Whole answers no bounded parser reads, by what they are. */
export const UNREADABLE_BODIES: Record<string, string> = {
  'an object nested 20,000 levels': RAW.deep!,
  'an array of a million and one values': RAW.wide!,
  'JSON cut short': RAW.cut!,
};

/** The text of a body: the value serialised, each marker replaced by its raw text. */
export function bodyText(json: unknown): string {
  let text = JSON.stringify(json) ?? '';
  if (!text.includes(SERIALISED_MARKER)) return text;
  for (const name of Object.keys(RAW)) text = text.split(JSON.stringify(marker(name))).join(RAW[name]!);
  return text;
}
