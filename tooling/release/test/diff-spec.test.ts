// Each fixture pair (fixtures/base.yaml → fixtures/<pair>/after.yaml) makes
// one kind of change; the guard must classify it as the issue says.
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../src/diff-spec.js';
import { afterSpec, baseSpec } from './fixtures.js';

const changesOf = async (pair: string) =>
  diffSpecs(await baseSpec(), await afterSpec(pair)).map((c) => `${c.level} ${c.where}: ${c.what}`);

describe('breaking changes (major)', () => {
  it.each([
    ['enum-value-removed', ['major GET /things › query per_page: enum value 100 removed']],
    ['path-renamed', ['major /things/{id}: path removed (or renamed)', 'minor /items/{id}: path added']],
    [
      'parameter-renamed',
      [
        'major GET /things › query search: parameter removed (or renamed)',
        'minor GET /things › query q: optional parameter added',
      ],
    ],
    ['field-removed', ['major schema Thing: field tags removed (or renamed)']],
    [
      'type-narrowed',
      ['major schema Thing › id: type narrowed: string no longer allowed (integer | string → integer)'],
    ],
    ['parameter-newly-required', ['major GET /things › query sort: parameter newly required']],
    ['field-newly-required', ['major schema ThingCreate: field name newly required']],
    ['operation-removed', ['major DELETE /things/{id}: operation removed']],
    [
      'error-message-reworded',
      ['major GET /things/{id} › error message not_found: msg changed from 未找到任何商品 to 未找到商品'],
    ],
    [
      'response-field-optional',
      ['major schema Thing: field name no longer required in responses (readers may not get it)'],
    ],
  ])('%s', async (pair, expected) => {
    expect(await changesOf(pair)).toEqual(expected);
  });
});

describe('additions (minor)', () => {
  it('classifies a new enum value, response field, optional parameter and operation as minor', async () => {
    expect((await changesOf('additions')).sort()).toEqual(
      [
        'minor GET /things › query per_page: enum value 200 added',
        'minor GET /things › query fields: optional parameter added',
        'minor schema Thing: field created_at added',
        'minor /things/{id}/archive: path added',
      ].sort(),
    );
  });
});

describe('links', () => {
  it('classifies a link added as minor, and the same link removed as major', async () => {
    expect(await changesOf('link-added')).toEqual([
      'minor POST /things › response 2XX › link ReadCreatedThing: link added',
    ]);
    const removed = diffSpecs(await afterSpec('link-added'), await baseSpec()).map(
      (c) => `${c.level} ${c.where}: ${c.what}`,
    );
    expect(removed).toEqual(['major POST /things › response 2XX › link ReadCreatedThing: link removed (or renamed)']);
  });
});

describe('documentation (patch)', () => {
  it('classifies edits of summaries, descriptions and examples as patch', async () => {
    const changes = diffSpecs(await baseSpec(), await afterSpec('docs-only'));
    expect(changes.length).toBe(4);
    expect(changes.every((c) => c.level === 'patch')).toBe(true);
    expect(changes.map((c) => `${c.where}: ${c.what}`)).toContain('GET /things: summary changed');
  });

  it('sees no change in meaning when a referenced schema is written inline', async () => {
    const changes = diffSpecs(await baseSpec(), await afterSpec('ref-inlined'));
    expect(changes.map((c) => c.level)).toEqual(['patch']);
    expect(changes[0]!.what).toBe('rewritten without a change of meaning');
  });

  it('finds nothing between identical documents (info.version aside)', async () => {
    expect(diffSpecs(await baseSpec(), await afterSpec('identical'))).toEqual([]);
    expect(diffSpecs(await baseSpec(), await baseSpec())).toEqual([]);
  });
});

describe('direction of a change', () => {
  it('reads a removal in the other direction as an addition, and the reverse', async () => {
    const back = diffSpecs(await afterSpec('enum-value-removed'), await baseSpec()).map((c) => `${c.level} ${c.what}`);
    expect(back).toContain('minor enum value 100 added');
    const narrowedBack = diffSpecs(await afterSpec('type-narrowed'), await baseSpec()).map(
      (c) => `${c.level} ${c.what}`,
    );
    expect(narrowedBack).toEqual(['minor type widened: string now allowed (integer → integer | string)']);
  });
});
