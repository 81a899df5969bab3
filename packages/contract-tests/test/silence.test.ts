// Which silences stop what (src/transport/silence.ts): one operation that stops
// answering is stalled on its own; the deployment as a whole counts as
// unavailable only when the silence is not that operation's alone.
import { describe, expect, it } from 'vitest';
import { SilenceWatch } from '../src/transport/silence.js';

const silence = { kind: 'silence', error: 'no response within 100 ms' } as const;
const answer = { kind: 'answer' } as const;

describe('the watch on silences', () => {
  it('stalls an operation after two requests in a row got nothing, and counts what it refuses', () => {
    const watch = new SilenceWatch(8);
    watch.heard('listWebsites', answer);
    watch.heard('getStats', silence);
    expect(watch.refuse('getStats')).toBeUndefined();
    watch.heard('getStats', silence);
    expect(watch.refuse('getStats')).toMatchObject({ operationId: 'getStats', unanswered: 2, notSent: 1 });
    expect(watch.refuse('listWebsites')).toBeUndefined();
  });

  it('never takes many silences of one operation that never answered for a silent deployment', () => {
    const watch = new SilenceWatch(8);
    watch.heard('listWebsites', answer);
    for (let index = 0; index < 20; index++) expect(watch.heard('getStats', silence)).toBeUndefined();
  });

  it('takes the deployment as silent when an operation that answered before goes silent with the rest', () => {
    const watch = new SilenceWatch(8);
    watch.heard('listWebsites', answer);
    const reasons = [
      ...Array.from({ length: 4 }, () => watch.heard('getStats', silence)),
      ...Array.from({ length: 4 }, () => watch.heard('listWebsites', silence)),
    ];
    expect(reasons.at(-1)).toBe(
      '8 requests in a row, to 2 operations, got no answer (last: no response within 100 ms)',
    );
  });

  it('takes the deployment as silent when nothing ever answered', () => {
    const watch = new SilenceWatch(3);
    expect([1, 2, 3].map(() => watch.heard('getAccountDetails', silence)).at(-1)).toMatch(/3 requests in a row/);
  });

  it('sends to a slow operation again once it answers', () => {
    const watch = new SilenceWatch(8);
    watch.heard('getStats', silence);
    watch.heard('getStats', silence);
    watch.heard('getStats', answer);
    expect(watch.refuse('getStats')).toBeUndefined();
  });
});
