// The websites of one deployment: storage, ids in the variant's format, the record as the variant returns it, and
// the validation of create and update bodies. The facts of the source documentation live here whatever the
// variant: create defaults (privacy 1, email 0, exclude_bots 1), update changes only what is sent, no `domain`
// on update, privacy in 0/1/2, switches in 0/1.
import { isIP } from 'node:net';
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

export type Lookup = { found: WebsiteRecord } | { malformed: true } | { missing: true } | { foreign: WebsiteRecord };

const ID_PATTERNS: Record<Choices['idFormat'], RegExp> = {
  integer: /^\d+$/,
  'numeric-string': /^\d+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i,
  prefixed: /^web_[0-9A-Za-z]{10,16}$/,
};

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function normaliseList(text: string): string {
  const entries = text
    .split(/[\n,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return [...new Set(entries)].join('\n');
}

export class WebsiteStore {
  private readonly records: WebsiteRecord[];
  private nextSeq: number;
  private readonly byId = new Map<string, WebsiteRecord>();

  constructor(private readonly choices: Choices) {
    const all = startingWebsites();
    this.nextSeq = all.length + 1;
    this.records = all.filter((record) => !(choices.emptyAccount && record.owner === 'main'));
    for (const record of this.records) {
      if (choices.excludeListsAs === 'normalised') {
        record.excludeParams = record.excludeParams === null ? null : normaliseList(record.excludeParams);
        record.excludeIps = record.excludeIps === null ? null : normaliseList(record.excludeIps);
      }
      this.byId.set(this.idText(record), record);
    }
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
    }
  }

  /** The id as JSON: a number only for the integer format. */
  idValue(record: WebsiteRecord): string | number {
    return this.choices.idFormat === 'integer' ? record.seq : this.idText(record);
  }

  /** The key's websites, in creation order. */
  owned(): WebsiteRecord[] {
    return this.records.filter((record) => record.owner === 'main');
  }

  lookup(text: string): Lookup {
    if (!ID_PATTERNS[this.choices.idFormat].test(text)) return { malformed: true };
    // A numeric id is compared as a number (`007` is 7, as MySQL, Postgres and strconv read it); a UUID ignores case.
    const format = this.choices.idFormat;
    const key =
      format === 'integer' || format === 'numeric-string'
        ? String(Number(text))
        : format === 'uuid'
          ? text.toLowerCase()
          : text;
    const record = this.byId.get(key);
    if (!record) return { missing: true };
    return record.owner === 'main' ? { found: record } : { foreign: record };
  }

  add(
    fields: Omit<WebsiteRecord, 'seq' | 'owner' | 'createdAt' | 'updatedAt' | 'searchableAt' | 'traffic'>,
  ): WebsiteRecord {
    const now = new Date();
    const record: WebsiteRecord = {
      ...fields,
      seq: this.nextSeq,
      owner: 'main',
      createdAt: now,
      updatedAt: now,
      searchableAt: now.getTime() + this.choices.searchDelayMs,
      traffic: null,
    };
    this.nextSeq += 1;
    this.records.push(record);
    this.byId.set(this.idText(record), record);
    return record;
  }

  remove(record: WebsiteRecord): void {
    const index = this.records.indexOf(record);
    if (index !== -1) this.records.splice(index, 1);
    this.byId.delete(this.idText(record));
  }

  /** The record as the variant returns it (the source documentation does not show it). */
  view(record: WebsiteRecord): Record<string, unknown> {
    const c = this.choices;
    const privacy =
      c.privacyAs === 'integer'
        ? record.privacy
        : c.privacyAs === 'string'
          ? String(record.privacy)
          : (['public', 'private', 'password'] as const)[record.privacy];
    const toggle = (value: 0 | 1) =>
      c.switchesAs === 'integer' ? value : c.switchesAs === 'boolean' ? value === 1 : String(value);
    const list = (value: string | null) => {
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
    if (c.passwordShown === 'plain') out.password = record.password;
    out.email = toggle(record.email);
    out.exclude_bots = toggle(record.excludeBots);
    out.exclude_params = list(record.excludeParams);
    out.exclude_ips = list(record.excludeIps);
    if (c.timestamps) {
      out.created_at = formatTimestamp(record.createdAt, c.timestampStyle);
      out.updated_at = formatTimestamp(record.updatedAt, c.timestampStyle);
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

export type Validated = { changes: WebsiteChanges } | { errors: FieldError[] };

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

  const domain = mode === 'create' ? read('domain') : undefined;
  if (mode === 'create') {
    if (domain === undefined || domain === '') {
      errors.push({ field: 'domain', message: 'The domain field is required.', location: 'body', input: domain });
    } else if (domain.length > 255) {
      errors.push({ field: 'domain', message: 'The domain may not be greater than 255 characters.', location: 'body' });
    } else if (choices.domainSyntax === 'hostname' && !isHostName(domain)) {
      errors.push({
        field: 'domain',
        message: 'The domain must be a valid host name.',
        location: 'body',
        input: domain,
      });
    } else if (
      choices.domainUnique !== 'none' &&
      store
        .owned()
        .some((record) =>
          choices.domainUnique === 'exact'
            ? record.domain === domain
            : record.domain.toLowerCase() === domain.toLowerCase(),
        )
    ) {
      errors.push({ field: 'domain', message: 'The domain has already been taken.', location: 'body', input: domain });
    } else {
      changes.domain = domain;
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
    if (text.length > 10_000) {
      errors.push({ field: name, message: `The ${name} may not be greater than 10000 characters.`, location: 'body' });
      continue;
    }
    const stored = choices.excludeListsAs === 'normalised' ? normaliseList(text) : text;
    if (name === 'exclude_ips' && choices.ipListValidation === 'addresses') {
      const bad = normaliseList(text)
        .split('\n')
        .filter((entry) => entry !== '' && !isAddressOrRange(entry));
      if (bad.length > 0) {
        errors.push({ field: name, message: `Not an IP address or range: ${bad[0]}`, location: 'body', input: text });
        continue;
      }
    }
    changes[key] = stored === '' ? null : stored;
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
  return errors.length > 0 ? { errors } : { changes };
}
