// The websites of one deployment: storage, ids in the variant's format, the record as the variant returns it, and
// the validation of create and update bodies. The facts of the source documentation live here whatever the
// variant: create defaults (privacy 1, email 0, exclude_bots 1), update changes only what is sent, no `domain`
// on update, privacy in 0/1/2, switches in 0/1.
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import type { Choices } from './choices.js';
import { mix, startingWebsites, type WebsiteRecord } from './data.js';
import type { FieldError } from './errors.js';
import { type ParamSource, readParam } from './http-kit.js';
import { formatTimestamp } from './timestamps.js';

export const CREATE_FIELDS = [
  'domain',
  'privacy',
  'password',
  'email',
  'exclude_bots',
  'exclude_params',
  'exclude_ips',
] as const;
/** "Update body parameters: privacy, password, email, exclude_bots, exclude_params, exclude_ips" (no domain). */
export const UPDATE_FIELDS = CREATE_FIELDS.filter((field) => field !== 'domain');

export type Lookup =
  | { found: WebsiteRecord }
  | { malformed: true }
  | { missing: true }
  | { foreign: WebsiteRecord }
  | { gone: true };

const ID_PATTERNS: Record<Choices['idFormat'], RegExp> = {
  integer: /^\d+$/,
  'numeric-string': /^\d+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  prefixed: /^web_[0-9A-Za-z]{10,16}$/,
  snowflake: /^\d{1,20}$/,
  uuid4: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  // Crockford's base32 without I, L, O and U; a ULID's first character is at most 7 (48 bits of time).
  ulid: /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i,
};

/** Crockford's base32 alphabet, in which ULIDs are written (its byte order is its numeric order). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` base32 digits of `value`, most significant first. */
function crockford(value: bigint, length: number): string {
  let text = '';
  for (let rest = value; text.length < length; rest >>= 5n) text = CROCKFORD[Number(rest & 31n)] + text;
  return text;
}

/** Twitter-style snowflakes: milliseconds since 2015-01-01, a worker and a sequence; past 2^53, so JSON text. */
const SNOWFLAKE_EPOCH = 1_420_070_400_000n;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A list split into entries, trimmed, without blanks or repeats (36, 136): split on commas and newlines, or also on
 * semicolons and spaces; written back one per line or joined with ", ".
 */
export function normaliseList(
  text: string,
  separators: Choices['listSeparators'] = 'comma-newline',
  join: Choices['listJoin'] = 'newline',
): string {
  const entries = text
    .split(separators === 'any' ? /[\s,;]+/ : /[\n,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return [...new Set(entries)].join(join === 'comma-space' ? ', ' : '\n');
}

/** Whether the deployment stores an exclusion list normalised (36, 136) rather than as sent. */
function storesNormalised(choices: Choices): boolean {
  return (
    choices.excludeListsAs === 'normalised' || (choices.excludeListsAs === 'array' && choices.listSeparators === 'any')
  );
}

/** An exclusion list as the deployment stores it. */
function storedList(text: string, choices: Choices): string {
  return storesNormalised(choices) ? normaliseList(text, choices.listSeparators, choices.listJoin) : text;
}

/**
 * The domain as the deployment stores it (choice 105): as sent, lowercased, Plausible's `clean_domain` (leading
 * `http://`, `https://` and `www.` and a trailing slash removed, then lowercased), or IDNA ToASCII (punycode,
 * lowercased; empty when the text is no host name, which the validation then refuses).
 */
export function normaliseDomain(domain: string, mode: Choices['domainNormalise']): string {
  switch (mode) {
    case 'as-sent':
      return domain;
    case 'lowercase':
      return domain.toLowerCase();
    case 'plausible':
      return domain
        .trim()
        .replace(/^http:\/\//, '')
        .replace(/^https:\/\//, '')
        .replace(/^www\./, '')
        .replace(/\/$/, '')
        .toLowerCase();
    case 'punycode':
      return domainToASCII(domain);
    case 'fqdn-dot':
      // `domain.strip.downcase.delete_suffix('.')` in a before_validation: `Shop.Example.com.` is the same host.
      return domain.trim().toLowerCase().replace(/\.$/, '');
  }
}

/** A Postgres `cidr` value's text: the network with its prefix length (`/32`, `/128` for single addresses). */
function cidrText(entry: string): string {
  const [address = '', prefix] = entry.split('/');
  const family = isIP(address);
  if (family === 0) return entry;
  // URL parsing compresses an IPv6 address the way Postgres prints it (lowercase, longest zero run as `::`).
  const text = family === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address;
  return `${text}/${prefix ?? (family === 4 ? '32' : '128')}`;
}

/** The exclusion list of IP addresses as a `cidr[]` column stores it (choice 122), one entry per line. */
export function cidrList(text: string): string {
  return normaliseList(text).split('\n').filter(Boolean).map(cidrText).join('\n');
}

export class WebsiteStore {
  /** Domains of deleted websites, still in the table for soft deletes (choice 107). */
  readonly deletedDomains: string[] = [];
  private readonly records: WebsiteRecord[];
  private nextSeq: number;
  private readonly byId = new Map<string, WebsiteRecord>();
  /** Keys of deleted websites (choice 87: soft deletes answer 410). */
  private readonly deleted = new Set<string>();
  /**
   * Every state of every record, for a replica that is behind (choices 90, 135); null once deleted. `visibleAt` is
   * when the replica has applied the state.
   */
  private readonly history = new Map<string, { visibleAt: number; record: WebsiteRecord | null }[]>();
  /** When the replica applies the latest write: it applies writes in the order they were committed. */
  private replicaApplied = 0;
  private writes = 0;

  constructor(private readonly choices: Choices) {
    const all = startingWebsites(choices.accountWebsites);
    this.nextSeq = all.length + 1;
    this.records = all.filter((record) => !(choices.emptyAccount && record.owner === 'main'));
    const imported = all.slice(0, choices.importedTogether);
    for (const record of this.records) {
      // One INSERT ... SELECT of a migration gives every row it writes the same CURRENT_TIMESTAMP (choice 139).
      if (imported.includes(record)) record.createdAt = imported[imported.length - 1]!.createdAt;
      record.createdAt = this.precise(record.createdAt);
      if (choices.ipCanonical === 'cidr' && record.excludeIps !== null) record.excludeIps = cidrList(record.excludeIps);
      // Stored normalised: the starting data went through the same create (choice 105).
      record.domain = normaliseDomain(record.domain, choices.domainNormalise) || record.domain;
      if (storesNormalised(choices)) {
        const cased = (list: string) => (choices.excludeListCase === 'lower' ? list.toLowerCase() : list);
        record.excludeParams = record.excludeParams === null ? null : storedList(cased(record.excludeParams), choices);
        record.excludeIps = record.excludeIps === null ? null : storedList(cased(record.excludeIps), choices);
      }
      this.byId.set(this.idText(record), record);
      this.history.set(this.idText(record), [{ visibleAt: 0, record: { ...record } }]);
    }
  }

  /** A time as the `created_at` column keeps it: to the millisecond, or the whole second (choice 139). */
  precise(date: Date): Date {
    return this.choices.createdAtPrecision === 'seconds' ? new Date(Math.floor(date.getTime() / 1000) * 1000) : date;
  }

  /** The time the database writes for a row written now. */
  now(): Date {
    return this.precise(new Date());
  }

  /** When the replica will show a write committed now: its lag, more for some writes, never before an earlier one. */
  private replicaTime(now: number): number {
    const c = this.choices;
    this.writes += 1;
    const extra = c.replicaLagJitterMs > 0 ? mix(this.writes, 0x1a6) % (c.replicaLagJitterMs + 1) : 0;
    this.replicaApplied = Math.max(now + c.replicaLagMs + extra, this.replicaApplied);
    return this.replicaApplied;
  }

  private remember(key: string, record: WebsiteRecord | null): void {
    const state = { visibleAt: this.replicaTime(Date.now()), record: record && { ...record } };
    const states = this.history.get(key);
    if (states) states.push(state);
    else this.history.set(key, [state]);
  }

  /** The id as text, the way it appears in paths. */
  idText(record: WebsiteRecord): string {
    switch (this.choices.idFormat) {
      case 'integer':
      case 'numeric-string':
        return String(record.seq);
      case 'uuid': {
        // UUIDv7: the creation time first, so the text order is the creation order, as "date created" asks.
        const time = record.createdAt.getTime().toString(16).padStart(12, '0');
        const a = (mix(record.seq, 1) & 0xfff).toString(16).padStart(3, '0');
        const b = ((mix(record.seq, 2) & 0x3fff) | 0x8000).toString(16);
        const c =
          mix(record.seq, 3).toString(16).padStart(8, '0') +
          (mix(record.seq, 4) & 0xffff).toString(16).padStart(4, '0');
        return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${a}-${b}-${c}`;
      }
      case 'prefixed': {
        let n = BigInt(mix(record.seq, 5)) * 4294967296n + BigInt(mix(record.seq, 6));
        let text = '';
        while (text.length < 14) {
          text += BASE62[Number(n % 62n)];
          n /= 62n;
        }
        return `web_${text}`;
      }
      case 'uuid4': {
        // Django's UUIDField(default=uuid4): random, so `sort_by=id` ("date created") orders by created_at.
        const hex = [1, 2, 3, 4].map((part) => mix(record.seq, 0x44, part).toString(16).padStart(8, '0')).join('');
        const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
        const [time, version, clock] = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(13, 16)];
        return `${time}-${version}-4${clock}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      }
      case 'ulid': {
        // python-ulid's `ULID.from_datetime(created_at)`: 48 bits of milliseconds, then 80 random bits (not monotonic,
        // so two websites of the same millisecond come in the order of their random parts).
        const random = (BigInt(mix(record.seq, 0x1d, 1)) << 48n) | (BigInt(mix(record.seq, 0x1d, 2)) << 16n);
        const tail = random | BigInt(mix(record.seq, 0x1d, 3) & 0xffff);
        return crockford(BigInt(record.createdAt.getTime()), 10) + crockford(tail, 16);
      }
      case 'snowflake': {
        const time = BigInt(record.createdAt.getTime()) - SNOWFLAKE_EPOCH;
        return String((time << 22n) | (BigInt(mix(record.seq, 7) & 0x3ff) << 12n) | BigInt(record.seq & 0xfff));
      }
    }
  }

  /** The id as JSON: a number only for the integer format (snowflakes pass 2^53, so they are text). */
  idValue(record: WebsiteRecord): string | number {
    return this.choices.idFormat === 'integer' ? record.seq : this.idText(record);
  }

  /** The key's websites, in creation order. */
  owned(): WebsiteRecord[] {
    return this.records.filter((record) => record.owner === 'main');
  }

  private key(text: string): string | undefined {
    if (!ID_PATTERNS[this.choices.idFormat].test(text)) return undefined;
    // A numeric id is compared as a number (`007` is 7, as MySQL, Postgres and strconv read it); a UUID ignores case.
    const format = this.choices.idFormat;
    return format === 'integer' || format === 'numeric-string'
      ? String(Number(text))
      : format === 'snowflake'
        ? String(BigInt(text))
        : format === 'uuid' || format === 'uuid4'
          ? text.toLowerCase()
          : format === 'ulid'
            ? text.toUpperCase()
            : text;
  }

  lookup(text: string): Lookup {
    const key = this.key(text);
    if (key === undefined) return { malformed: true };
    const record = this.byId.get(key);
    if (!record)
      return this.deleted.has(key) && this.choices.deletedWebsite === 'gone' ? { gone: true } : { missing: true };
    return record.owner === 'main' ? { found: record } : { foreign: record };
  }

  /**
   * A website read by id (GET): from the replica when it serves every GET, from the primary when it serves lists
   * only (choices 90, 135).
   */
  readLookup(text: string): Lookup {
    if (this.choices.replicaLagMs === 0 || this.choices.replicaReads === 'lists') return this.lookup(text);
    const key = this.key(text);
    if (key === undefined) return { malformed: true };
    const now = Date.now();
    const record = this.asOf(key, now);
    if (!record) {
      const seen = (this.history.get(key) ?? []).some((state) => state.visibleAt <= now);
      return seen && this.choices.deletedWebsite === 'gone' ? { gone: true } : { missing: true };
    }
    return record.owner === 'main' ? { found: record } : { foreign: record };
  }

  /** The key's websites as the replica shows them, in creation order (the list and its search read it). */
  replicaOwned(): WebsiteRecord[] {
    if (this.choices.replicaLagMs === 0) return this.owned();
    const now = Date.now();
    return [...this.history.keys()]
      .map((key) => this.asOf(key, now))
      .filter((record): record is WebsiteRecord => record !== null && record.owner === 'main')
      .sort((a, b) => a.seq - b.seq);
  }

  private asOf(key: string, now: number): WebsiteRecord | null {
    const states = (this.history.get(key) ?? []).filter((state) => state.visibleAt <= now);
    return states.length ? states[states.length - 1]!.record : null;
  }

  /** Records a change of a stored record (for the replica). */
  touch(record: WebsiteRecord): void {
    this.remember(this.idText(record), record);
  }

  add(
    fields: Omit<WebsiteRecord, 'seq' | 'owner' | 'createdAt' | 'updatedAt' | 'searchableAt' | 'traffic'>,
  ): WebsiteRecord {
    const now = this.now();
    // SQLite without AUTOINCREMENT gives a new row the largest rowid in the table plus one (choice 134).
    const seq =
      this.choices.idReuse === 'max-plus-one'
        ? Math.max(0, ...this.records.map((other) => other.seq)) + 1
        : this.nextSeq;
    const record: WebsiteRecord = {
      ...fields,
      seq,
      owner: 'main',
      createdAt: now,
      updatedAt: now,
      searchableAt: Date.now() + this.choices.searchDelayMs,
      traffic: null,
    };
    this.nextSeq = Math.max(this.nextSeq, seq + 1);
    this.records.push(record);
    this.byId.set(this.idText(record), record);
    this.deleted.delete(this.idText(record));
    this.remember(this.idText(record), record);
    return record;
  }

  remove(record: WebsiteRecord): void {
    const index = this.records.indexOf(record);
    if (index !== -1) this.records.splice(index, 1);
    this.byId.delete(this.idText(record));
    this.deleted.add(this.idText(record));
    this.deletedDomains.push(record.domain);
    this.remember(this.idText(record), null);
  }

  /**
   * The record as the variant returns it (the source documentation does not show it): `list` is a list row (a
   * summary for some variants), `write` the answer of a create or update (the app's own clock for timestamps).
   */
  view(record: WebsiteRecord, mode: 'read' | 'list' | 'write' = 'read'): Record<string, unknown> {
    const out = this.fields(record, mode);
    if (this.choices.recordKeys === 'snake') return out;
    // System.Text.Json / Jackson naming: excludeBots, createdAt.
    return Object.fromEntries(
      Object.entries(out).map(([key, value]) => [
        key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()),
        value,
      ]),
    );
  }

  private fields(record: WebsiteRecord, mode: 'read' | 'list' | 'write'): Record<string, unknown> {
    const c = this.choices;
    // A DATETIME column keeps whole seconds; the answer of a write shows the app's value, milliseconds included.
    const stamp = (date: Date) =>
      formatTimestamp(
        c.storedTimestampPrecision === 'seconds' && mode !== 'write'
          ? new Date(Math.floor(date.getTime() / 1000) * 1000)
          : date,
        c.timestampStyle,
      );
    const privacy =
      c.privacyAs === 'integer'
        ? record.privacy
        : c.privacyAs === 'string'
          ? String(record.privacy)
          : (['public', 'private', 'password'] as const)[record.privacy];
    const toggle = (value: 0 | 1) =>
      c.switchesAs === 'integer'
        ? value
        : c.switchesAs === 'boolean'
          ? value === 1
          : c.switchesAs === 'label'
            ? (['disabled', 'enabled'] as const)[value]
            : String(value);
    const list = (value: string | null): unknown => {
      if (c.excludeListsAs === 'array')
        return value === null
          ? c.unsetListAs === 'null'
            ? null
            : []
          : value
              .split(/[\n,]+/)
              .map((entry) => entry.trim())
              .filter(Boolean);
      return value === null ? (c.unsetListAs === 'null' ? null : '') : value;
    };
    const out: Record<string, unknown> = {
      id: this.idValue(record),
      domain: record.domain,
      privacy,
    };
    if (mode === 'list' && c.listFields === 'summary') {
      // A list query that selects a few columns (an index serializer); reads show the whole record.
      if (c.timestamps) out.created_at = stamp(record.createdAt);
      return out;
    }
    // Visitors online now, read from Redis on every serialization: a busy site's figure moves all the time (103).
    if (c.liveVisitorsField) out.current_visitors = mix(record.seq, Math.floor(Date.now() / 20)) % 23;
    if (c.passwordShown === 'plain') out.password = record.password;
    if (c.passwordShown === 'masked') out.password = record.password === null ? null : '********';
    out.email = toggle(record.email);
    out.exclude_bots = toggle(record.excludeBots);
    // `omit`: Jackson's NON_NULL inclusion, Go's `omitempty`, Symfony's skip_null_values leave an unset list out.
    if (!(c.unsetListAs === 'omit' && record.excludeParams === null)) out.exclude_params = list(record.excludeParams);
    if (!(c.unsetListAs === 'omit' && record.excludeIps === null)) out.exclude_ips = list(record.excludeIps);
    if (c.timestamps) {
      out.created_at = stamp(record.createdAt);
      out.updated_at = stamp(record.updatedAt);
    }
    return out;
  }
}

// ---- Body validation ----

export interface WebsiteChanges {
  domain?: string;
  privacy?: 0 | 1 | 2;
  password?: string | null;
  email?: 0 | 1;
  excludeBots?: 0 | 1;
  excludeParams?: string | null;
  excludeIps?: string | null;
}

function parseInteger(raw: string, syntax: Choices['integerSyntax']): number | undefined {
  const pattern = syntax === 'digits' ? /^\d+$/ : /^[+-]?\d+$/;
  return pattern.test(raw) ? Number(raw) : undefined;
}

function parseSwitch(raw: string, choices: Choices): 0 | 1 | undefined {
  if (choices.switchWords) {
    const word = raw.toLowerCase();
    if (['true', 'yes', 'on'].includes(word)) return 1;
    if (['false', 'no', 'off'].includes(word)) return 0;
  }
  const value = parseInteger(raw, choices.integerSyntax);
  return value === 0 || value === 1 ? value : undefined;
}

const LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;

function isHostName(text: string): boolean {
  if (text.length > 253) return false;
  const labels = text.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label));
}

/** A label of an ASCII host name: letters, digits and hyphens, 1 to 63, no hyphen at either end (RFC 1123). */
const LDH_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** An ASCII host name of two labels or more (the regex rule beside `max:253`, choice 41 `ldh`). */
function isLdhName(text: string): boolean {
  const labels = text.split('.');
  return labels.length >= 2 && labels.every((label) => LDH_LABEL.test(label));
}

/** Second-level names reserved by RFC 2606 for documentation. */
const RESERVED_SECOND_LEVEL = ['example.com', 'example.net', 'example.org'];
/** Top-level names reserved by RFC 2606 and RFC 6761 (and `local`, RFC 6762's multicast DNS). */
const RESERVED_TOP_LEVEL = ['test', 'example', 'invalid', 'localhost', 'local'];

/** Whether a domain is, or lies under, a name reserved for documentation, testing or local use. */
export function isReservedName(domain: string): boolean {
  const name = domain.toLowerCase().replace(/\.$/, '');
  const top = name.slice(name.lastIndexOf('.') + 1);
  return (
    RESERVED_TOP_LEVEL.includes(top) ||
    RESERVED_SECOND_LEVEL.some((reserved) => name === reserved || name.endsWith(`.${reserved}`))
  );
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

function unknownFieldMessage(choices: Choices, field: string): string {
  switch (choices.errorStyle) {
    case 'nest':
      return `property ${field} should not exist`;
    case 'stripe':
      return `Received unknown parameter: ${field}`;
    case 'fastapi':
      return 'Extra inputs are not permitted';
    default:
      return `The ${field} field is not allowed.`;
  }
}

/** `conflict`: the only error is a domain already taken (answered 409 by some deployments, choice 106). */
export type Validated = { changes: WebsiteChanges } | { errors: FieldError[]; conflict?: boolean };

/**
 * Reads a create or update body. On create the defaults of the source documentation apply; on update only what
 * is sent is changed. Fields that are not parameters of the operation (`domain` on update) are dropped or refused.
 */
export function validateWebsiteBody(
  body: ParamSource,
  mode: 'create' | 'update',
  choices: Choices,
  store: WebsiteStore,
  current?: WebsiteRecord,
): Validated {
  const errors: FieldError[] = [];
  const known: readonly string[] = mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS;
  if (choices.unknownBody === 'reject') {
    for (const name of body.keys()) {
      if (!known.includes(name))
        errors.push({ field: name, message: unknownFieldMessage(choices, name), location: 'body' });
    }
  }
  const read = (name: string): string | undefined => {
    const result = readParam(body, name, { ...choices, emptyParam: 'invalid' });
    if ('repeated' in result) {
      errors.push({ field: name, message: `The ${name} field must be a single value.`, location: 'body' });
      return undefined;
    }
    return result.value;
  };
  const changes: WebsiteChanges = {};

  const sent = mode === 'create' ? read('domain') : undefined;
  const domain = sent === undefined || sent === '' ? sent : normaliseDomain(sent, choices.domainNormalise);
  let taken = false;
  if (mode === 'create') {
    if (domain === undefined || domain === '') {
      const message = sent ? 'The domain must be a valid host name.' : 'The domain field is required.';
      errors.push({ field: 'domain', message, location: 'body', input: sent });
    } else if (choices.domainSyntax === 'ldh' && domain.length > 253) {
      // `max:253` on the ASCII form `prepareForValidation` made (choice 41).
      const message = 'The domain may not be greater than 253 characters.';
      errors.push({ field: 'domain', message, location: 'body', input: sent });
    } else if (choices.domainSyntax === 'ldh' && !isLdhName(domain)) {
      errors.push({ field: 'domain', message: 'The domain format is invalid.', location: 'body', input: sent });
    } else if (domain.length > 255) {
      errors.push({ field: 'domain', message: 'The domain may not be greater than 255 characters.', location: 'body' });
    } else if (choices.reservedDomains === 'refused' && isReservedName(domain)) {
      // A custom constraint of the deployment: names that can never carry real traffic (choice 128).
      errors.push({
        field: 'domain',
        message: `The domain "${domain}" is a reserved name and cannot be tracked.`,
        location: 'body',
        input: sent,
      });
    } else if (choices.domainSyntax === 'hostname' && !isHostName(domain)) {
      errors.push({
        field: 'domain',
        message: 'The domain must be a valid host name.',
        location: 'body',
        input: sent,
      });
    } else {
      const same = (other: string) =>
        choices.domainUnique === 'exact' ? other === domain : other.toLowerCase() === domain.toLowerCase();
      // A unique index that does not know soft deletes keeps a deleted website's domain taken (choice 107).
      const existing = [
        ...store.owned().map((record) => record.domain),
        ...(choices.uniqueAmongDeleted ? store.deletedDomains : []),
      ];
      taken = choices.domainUnique !== 'none' && existing.some(same);
      if (taken && choices.domainConflictStatus === 'validation') {
        errors.push({
          field: 'domain',
          message: 'The domain has already been taken.',
          location: 'body',
          input: domain,
        });
        taken = false;
      } else {
        changes.domain = domain;
      }
    }
  }

  const privacyText = read('privacy');
  if (privacyText !== undefined) {
    const value = parseInteger(privacyText, choices.integerSyntax);
    if (value === 0 || value === 1 || value === 2) changes.privacy = value;
    else
      errors.push({
        field: 'privacy',
        message: 'The selected privacy is invalid.',
        location: 'body',
        input: privacyText,
      });
  }

  const password = read('password');
  if (password !== undefined) {
    if (password.length > 255) {
      errors.push({
        field: 'password',
        message: 'The password may not be greater than 255 characters.',
        location: 'body',
      });
    } else if (
      choices.passwordRule === 'strong' &&
      password !== '' &&
      !(password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password))
    ) {
      // Laravel's Password::min(8)->mixedCase()->numbers() (choice 101).
      errors.push({
        field: 'password',
        message: 'The password must contain at least one uppercase and one lowercase letter and one number.',
        location: 'body',
      });
    } else {
      changes.password = password === '' ? null : password;
    }
  }

  for (const [name, key] of [
    ['email', 'email'],
    ['exclude_bots', 'excludeBots'],
  ] as const) {
    const text = read(name);
    if (text === undefined) continue;
    const value = parseSwitch(text, choices);
    if (value === undefined) {
      errors.push({
        field: name,
        message: `The selected ${name.replace('_', ' ')} is invalid.`,
        location: 'body',
        input: text,
      });
    } else {
      changes[key] = value;
    }
  }

  for (const [name, key] of [
    ['exclude_params', 'excludeParams'],
    ['exclude_ips', 'excludeIps'],
  ] as const) {
    const text = read(name);
    if (text === undefined) continue;
    const longest = choices.excludeListMaxLength;
    if (text.length > longest) {
      // 10 000 for a TEXT column; 255 where the list is a VARCHAR(255) checked by `max:255` (choice 142).
      errors.push({
        field: name,
        message: `The ${name} may not be greater than ${longest} characters.`,
        location: 'body',
      });
      continue;
    }
    const cased = choices.excludeListCase === 'lower' ? text.toLowerCase() : text;
    const stored = storedList(cased, choices);
    if (name === 'exclude_params' && choices.paramListValidation === 'one-per-line') {
      // One parameter name per line, as the settings form's textarea says (choice 102).
      const bad = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !/^[A-Za-z0-9_.\-[\]]+$/.test(line));
      if (bad.length > 0) {
        errors.push({ field: name, message: `Not a parameter name: ${bad[0]}`, location: 'body', input: text });
        continue;
      }
    }
    if (name === 'exclude_ips' && choices.ipListValidation === 'addresses') {
      const bad = normaliseList(text, choices.listSeparators)
        .split('\n')
        .filter((entry) => entry !== '' && !isAddressOrRange(entry));
      if (bad.length > 0) {
        errors.push({ field: name, message: `Not an IP address or range: ${bad[0]}`, location: 'body', input: text });
        continue;
      }
    }
    const kept = name === 'exclude_ips' && choices.ipCanonical === 'cidr' ? cidrList(stored) : stored;
    changes[key] = kept === '' ? null : kept;
  }

  // "password: Used when privacy is 2": a deployment that requires one refuses privacy 2 without any password.
  const privacyAfter = changes.privacy ?? current?.privacy ?? 1;
  const passwordAfter = changes.password !== undefined ? changes.password : (current?.password ?? null);
  if (choices.passwordRequiredForPrivacy2 && privacyAfter === 2 && passwordAfter === null && changes.privacy === 2) {
    errors.push({ field: 'password', message: 'The password field is required when privacy is 2.', location: 'body' });
  }

  if (
    mode === 'update' &&
    errors.length === 0 &&
    Object.keys(changes).length === 0 &&
    choices.emptyUpdate === 'reject'
  ) {
    errors.push({ field: 'body', message: 'No fields to update.', location: 'body' });
  }
  if (errors.length > 0) return { errors };
  // A unique index answered 409 speaks last, when the row is written (choice 106).
  if (taken) {
    const error = { field: 'domain', message: 'The domain has already been taken.', location: 'body' as const };
    return { errors: [{ ...error, input: domain }], conflict: true };
  }
  return { changes };
}
