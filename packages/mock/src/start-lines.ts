// What a stateful mock says when it starts: where each API listens, the keys
// it knows (demo keys, not secrets: printing them is the point), what each key
// holds, and the values only its data makes valid (one purchase code per item).
import type { MockEngine } from './engine.js';
import { API_NAMES, type ApiName } from './spec.js';

const plural = (count: number, kind: string): string => `${count} ${kind}${count === 1 ? '' : 's'}`;

/** The lines to print for the APIs started, each `<api> mock ready on <url>` first. */
export function startLines(engine: MockEngine, endpoints: Partial<Record<ApiName, { url: string }>>): string[] {
  const lines: string[] = [];
  for (const api of API_NAMES) {
    const endpoint = endpoints[api];
    if (!endpoint) continue;
    const about = engine.describe(api);
    lines.push(`${api} mock ready on ${endpoint.url} (stateful, --seed ${engine.seed})`);
    const keys = about.emptyKey
      ? `key with records: ${about.key}, key without records: ${about.emptyKey}`
      : `key: ${about.key}`;
    lines.push(`  ${keys} (${about.keyPlace})`);
    if (about.records.length > 0)
      lines.push(`  ${about.records.map((entry) => plural(entry.count, entry.kind)).join(', ')}`);
    const known = engine.knownValues().filter((value) => value.api === api);
    if (known.length > 0) {
      lines.push(`  valid ${known[0]!.parameter} values:`);
      for (const value of known) {
        const about = value.about ? `  ${value.about.kind} ${String(value.about.id)}` : '';
        const name = value.about?.name !== undefined ? ` (${String(value.about.name)})` : '';
        lines.push(`    ${value.value}${about}${name}`);
      }
    }
  }
  return lines;
}
