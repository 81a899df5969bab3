// Just enough of RFC 8941 structured fields for the IETF rate-limit headers:
// a list of members separated by commas, each `item;param=value;...` or
// `key=value;...`, with quoted strings that may hold commas and semicolons.
// Anything malformed yields fewer members, never an exception.

export interface Member {
  /** The dictionary key of `key=value`, or undefined for a bare list item. */
  key: string | undefined;
  /** The value (a dictionary value, or the bare item), unquoted. */
  value: string;
  params: Record<string, string>;
}

// Split on a separator outside double-quoted strings.
const split = (text: string, separator: ',' | ';'): string[] =>
  text.match(separator === ',' ? /(?:"(?:[^"\\]|\\.)*"|[^,"])+/g : /(?:"(?:[^"\\]|\\.)*"|[^;"])+/g) ?? [];

const unquote = (text: string): string => {
  const trimmed = text.trim();
  return /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1') : trimmed;
};

/** The members of a structured list or dictionary header; at most 32, the rest ignored. */
export function members(header: string): Member[] {
  const out: Member[] = [];
  for (const raw of split(header.slice(0, 4096), ',').slice(0, 32)) {
    const [head = '', ...rest] = split(raw, ';');
    const pair = /^\s*([a-z*][a-z0-9_.*-]*)\s*=(.*)$/i.exec(head);
    const params: Record<string, string> = Object.create(null);
    for (const param of rest) {
      const match = /^\s*([a-z*][a-z0-9_.*-]*)\s*(?:=(.*))?$/i.exec(param);
      if (match?.[1]) params[match[1].toLowerCase()] = unquote(match[2] ?? '');
    }
    out.push({ key: pair?.[1]?.toLowerCase(), value: unquote(pair ? (pair[2] ?? '') : head), params });
  }
  return out;
}
