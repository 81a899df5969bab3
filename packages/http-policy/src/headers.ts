// Headers come as fetch `Headers`, as Node's incoming-header records (lower or
// any case, repeated headers as arrays) or as plain records: one reader for all.

/** Anything headers can be read from. */
export type HeaderSource =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | number | undefined>>;

/** The value of a header (case-insensitive), repeated values joined with ", ". */
export function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers.get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : String(value);
  }
  return undefined;
}
