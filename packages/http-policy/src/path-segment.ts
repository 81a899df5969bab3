// Whether a value may stand as one segment of a request path: the one rule
// for the client (before a request leaves) and the tester (its safety guard,
// on every id a deployment answered). Percent-encoding keeps most values in
// their segment, but not a segment a URL resolves away (".", ".."), nor one
// that servers and proxies still read as another path (a slash or backslash,
// even encoded), nor an empty one, a control character or an absurd length.

/** Why `value` cannot be one path segment, or undefined when it can. */
export function unsafePathSegment(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'it is empty';
  if (trimmed === '.' || trimmed === '..') return `it is "${trimmed}", which a URL resolves to another path`;
  if (/[/\\]/.test(value)) return 'it holds a slash';
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return 'it holds a control character';
  if (value.length > 200) return 'it is longer than 200 characters';
  return undefined;
}
