import { operationById, responseFor, valueAt } from '@tallyport/spec-model/query';
import { describe, expect, it } from 'vitest';
import { validateAgainst } from '../src/spec/validator.js';
import { specModels } from '../src/spec/models.js';

const pointerOf = (operationId: string, status: number) =>
  responseFor(operationById(specModels.marketplace, operationId), status)!.schemaPointer!;

const regularItem = () =>
  structuredClone(
    valueAt(specModels.marketplace.document, '/components/examples/RegularItemDetails/value') as {
      item: Record<string, unknown> & { price: Record<string, unknown> };
    },
  );

describe('a body that matches none of the shapes a answer may have', () => {
  it('is described by the shape it fits best, with the value found at each path', () => {
    const body = regularItem();
    body.item.price.regular = '39.00';
    const verdict = validateAgainst('marketplace', pointerOf('getItem', 200), body);
    expect(verdict.valid).toBe(false);
    expect(verdict.problems).toEqual(['$.item.price.regular: expected number, got "39.00"']);
    // Nothing of the error shape ({status: 错误, msg}) is mentioned.
    expect(verdict.problems.join('\n')).not.toMatch(/msg|错误|\$\.status|allowed shapes/);
  });

  it('is described by the error shape when it has that shape', () => {
    const verdict = validateAgainst('marketplace', pointerOf('getItem', 200), { status: '错误' });
    expect(verdict.problems).toEqual(['$.msg: required']);
  });

  it('explains a nested choice too: media of a regular item with an audio preview', () => {
    const body = regularItem();
    (body.item.media as Record<string, unknown>).preview_audio = 'https://cdn.example.cn/x.mp3';
    const verdict = validateAgainst('marketplace', pointerOf('getItem', 200), body);
    expect(verdict.problems).toEqual([
      '$.item.media.preview_audio: must be absent, got "https://cdn.example.cn/x.mp3"',
    ]);
  });

  it('shows a long value cut, with the cut marked', () => {
    const body = regularItem();
    body.item.price.regular = 'x'.repeat(500);
    const [problem] = validateAgainst('marketplace', pointerOf('getItem', 200), body).problems;
    expect(problem).toBe(`$.item.price.regular: expected number, got "${'x'.repeat(60)}…"`);
  });

  it('passes a conforming body with no problems', () => {
    expect(validateAgainst('marketplace', pointerOf('getItem', 200), regularItem())).toEqual({
      valid: true,
      problems: [],
    });
  });
});
