// The four spellings of an "ISO 8601 UTC timestamp" real backends write (SILENCES.md 38, 70): the source
// documentation fixes the standard and the zone, not the spelling.
import type { TimestampStyle } from './choices.js';

export function formatTimestamp(date: Date, style: TimestampStyle): string {
  const iso = date.toISOString(); // 2024-01-02T03:04:05.678Z
  const seconds = iso.slice(0, 19);
  switch (style) {
    case 'millis-z': // JavaScript Date#toISOString
      return iso;
    case 'micro-z': // Laravel's default serialisation of Carbon dates
      return `${seconds}.${iso.slice(20, 23)}000Z`;
    case 'z': // Jackson with Instant, Rails with precision 0
      return `${seconds}Z`;
    case 'offset': // PHP DATE_ATOM
      return `${seconds}+00:00`;
  }
}
