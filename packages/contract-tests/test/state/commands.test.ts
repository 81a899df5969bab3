// Command sequences drawn from the spec model (src/state/commands.ts).
import { describe, expect, it } from 'vitest';
import { type Command, closureOf, drawSequence, generatedValues } from '../../src/state/commands.js';
import { specModels } from '../../src/spec/models.js';
import { operationById } from '@tallyport/spec-model/query';

const plan = {
  model: specModels.analytics,
  writes: true,
  listValues: new Map([['listWebsites', {}]]),
  listed: 20,
  now: Date.UTC(2026, 10, 26),
};

describe('command sequences', () => {
  it('are the same for the same seed, and differ for another', () => {
    expect(drawSequence(plan, 7, 7)).toEqual(drawSequence(plan, 7, 7));
    expect(drawSequence(plan, 7, 7)).not.toEqual(drawSequence(plan, 8, 7));
  });

  it('send a password with privacy 2 (x-tallyport-applies-when), and read only without writes', () => {
    for (let seed = 1; seed < 60; seed++)
      for (const command of drawSequence(plan, seed, 7)) {
        if (command.kind !== 'create' && command.kind !== 'update') continue;
        if (command.fields.privacy === '2') expect(command.fields.password).toBeTruthy();
      }
    const reads = drawSequence({ ...plan, writes: false }, 3, 7);
    expect(reads.every((command) => !['create', 'update', 'delete'].includes(command.kind))).toBe(true);
  });

  it('give every text field empty values, several entries, special characters, other scripts and long text', () => {
    const field = operationById(specModels.analytics, 'createWebsite').parameters.find(
      (one) => one.name === 'exclude_params',
    )!;
    const values = generatedValues(field, 1);
    expect(values).toContain('');
    expect(values.some((value) => value.includes(','))).toBe(true);
    expect(values.some((value) => /['"\\%_;<&]/.test(value))).toBe(true);
    expect(values.some((value) => [...value].some((char) => char.codePointAt(0)! > 0x7f))).toBe(true);
    expect(values.some((value) => value.length > 64)).toBe(true);
  });

  it('shrink first to a command and the creates of the records it touches', () => {
    const commands: Command[] = [
      { kind: 'create' as const, record: 0, fields: {}, outsideAscii: false },
      { kind: 'pause' as const },
      { kind: 'create' as const, record: 1, fields: {}, outsideAscii: false },
      { kind: 'read' as const, target: { listed: 0 } },
      { kind: 'update' as const, record: 0, fields: { email: '1' } },
    ];
    expect(closureOf(commands, 4)).toEqual([0, 4]);
  });
});
