// The covering sequence (src/state/covering-writes.ts): the writes every default run makes before its random ones.
import { describe, expect, it } from 'vitest';
import { coveringSequence } from '../../src/state/covering-writes.js';
import type { Command } from '../../src/state/commands.js';
import { specModels } from '../../src/spec/models.js';

const listValues = new Map([['listWebsites', {}]]);
const commands = coveringSequence(specModels.analytics, 3, listValues);
type Write = Extract<Command, { kind: 'create' | 'update' }>;
const creates = commands.filter(
  (command): command is Extract<Command, { kind: 'create' }> => command.kind === 'create',
);
const updates = commands.filter(
  (command): command is Extract<Command, { kind: 'update' }> => command.kind === 'update',
);
const sent = (writes: readonly Write[], field: string) =>
  new Set(writes.flatMap((write) => (write.fields[field] === undefined ? [] : [String(write.fields[field])])));
const outsideAscii = (text: string) => [...text].some((character) => (character.codePointAt(0) ?? 0) > 0x7f);

describe('the covering sequence', () => {
  it('creates every value of every enumerated field, and a record with the documented defaults, in a row', () => {
    expect(creates[0]).toMatchObject({ fields: {} });
    expect(sent(creates, 'privacy')).toEqual(new Set(['0', '1', '2']));
    expect(sent(creates, 'email')).toEqual(new Set(['0', '1']));
    expect(sent(creates, 'exclude_bots')).toEqual(new Set(['0', '1']));
    expect(commands.slice(0, 4).every((command) => command.kind === 'create')).toBe(true);
  });

  it('updates every value of every enumerated field as a change from another value, one record in turn', () => {
    const record = updates[0]!.record;
    const created = creates.find((create) => create.record === record)!;
    const current: Record<string, string> = { ...(created.fields as Record<string, string>) };
    const changed = new Map<string, Set<string>>();
    for (const update of updates.filter((one) => one.record === record))
      for (const [field, value] of Object.entries(update.fields as Record<string, string>)) {
        if (field === 'password') continue;
        expect(current[field], `${field}=${value} changes it`).not.toBe(value);
        changed.set(field, (changed.get(field) ?? new Set()).add(value));
        current[field] = value;
      }
    expect(changed.get('privacy')).toEqual(new Set(['0', '1', '2']));
    expect(changed.get('email')).toEqual(new Set(['0', '1']));
    expect(changed.get('exclude_bots')).toEqual(new Set(['0', '1']));
  });

  it('updates a record protected by a password without its password, right after it became protected', () => {
    const index = updates.findIndex((update) => update.fields.privacy === '2');
    expect(updates[index]!.fields.password).toBeTruthy();
    expect(updates[index + 1]!.fields.password).toBeUndefined();
    expect(updates[index + 1]!.record).toBe(updates[index]!.record);
  });

  it('replaces a list of several entries by another, empties it, and sends each risky text alone', () => {
    const texts = updates.filter((update) => 'exclude_params' in update.fields || 'password' in update.fields);
    expect(texts.some((update) => update.fields.exclude_params === 'fbclid')).toBe(true);
    expect(texts.some((update) => update.fields.exclude_params === '')).toBe(true);
    for (const field of ['exclude_params', 'exclude_ips', 'password']) {
      const values = [...sent(updates, field)];
      expect(
        values.some((value) => value.length > 100 && value.length <= 255),
        field,
      ).toBe(true);
      expect(
        values.some((value) => value.length > 255),
        field,
      ).toBe(true);
      expect(values.some(outsideAscii), field).toBe(true);
      expect(
        values.some((value) => /['"%_;<&\\]/.test(value)),
        field,
      ).toBe(true);
    }
  });

  it('creates with each risky text on every text field, the domain included, one at a time', () => {
    const domains = creates.flatMap((create) => (create.purpose ? [create.purpose] : []));
    expect(domains.some((purpose) => purpose.length > 255)).toBe(true);
    expect(domains.some(outsideAscii)).toBe(true);
    expect(domains.some((purpose) => /['"%_;<&\\]/.test(purpose))).toBe(true);
    for (const field of ['exclude_params', 'exclude_ips', 'password'])
      expect(
        [...sent(creates, field)].some((value) => value.length > 255),
        field,
      ).toBe(true);
  });

  it('deletes a record that is not the newest, then walks the list at every page size', () => {
    const at = commands.findIndex((command) => command.kind === 'delete');
    const deleted = (commands[at] as { record: number }).record;
    expect(creates.some((create) => create.record > deleted && commands.indexOf(create) < at)).toBe(true);
    const sizes = commands
      .slice(at + 1)
      .filter((command) => command.kind === 'walk')
      .map((command) => (command as { values: Record<string, string> }).values.per_page);
    expect(sizes).toEqual(['10', '25', '50', '100']);
  });

  it('is empty where the spec names no record the run may write', () => {
    expect(coveringSequence(specModels.marketplace, 3, new Map())).toEqual([]);
  });
});
