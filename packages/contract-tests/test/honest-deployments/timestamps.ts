// The spellings of an "ISO 8601 UTC timestamp" real backends write (SILENCES.md 38, 70): the source
// documentation fixes the standard and the zone, not the spelling. The analytics record's timestamps are not
// documented at all (38), so there a deployment may also write Unix seconds or MySQL's zone-less DATETIME text.
import type { RecordTimestampStyle } from './choices.js';

export function formatTimestamp(date: Date, style: RecordTimestampStyle): string | number {
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
    case 'trimmed-z': {
      // Go time.RFC3339Nano, System.Text.Json, Newtonsoft: the fraction without trailing zeros, none when zero
      const fraction = iso.slice(20, 23).replace(/0+$/, '');
      return fraction ? `${seconds}.${fraction}Z` : `${seconds}Z`;
    }
    case 'epoch': // Stripe-style Unix seconds
      return Math.floor(date.getTime() / 1000);
    case 'sql-naive': // Laravel before 7 (Carbon's toDateTimeString), PDO DATETIME columns: no zone, space separator
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
}

/** The marketplace's ISO 8601 UTC timestamps (2.3-2.5), always text. */
export function formatIso(date: Date, style: RecordTimestampStyle): string {
  return String(formatTimestamp(date, style));
}
