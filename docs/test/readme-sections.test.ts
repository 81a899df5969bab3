import { describe, expect, it } from 'vitest';
import { extractQuirksAndUnknowns } from '../scripts/readme-sections.mjs';

describe('extractQuirksAndUnknowns', () => {
  it('keeps each Quirks and Unknowns section up to the next heading of the same level', () => {
    const md =
      '# T\n\nintro\n\n## Quirks\n\nq-body\n\n### Detail\n\nd-body\n\n## Other\n\no-body\n\n## Unknowns\n\nu-body\n';
    const out = extractQuirksAndUnknowns(md);
    expect(out).toContain('### Quirks');
    expect(out).toContain('q-body');
    expect(out).toContain('#### Detail');
    expect(out).toContain('d-body');
    expect(out).toContain('### Unknowns');
    expect(out).toContain('u-body');
    expect(out).not.toContain('intro');
    expect(out).not.toContain('o-body');
  });

  it('titles a nested section with the API it belongs to', () => {
    const out = extractQuirksAndUnknowns('# T\n\n## Marketplace\n\n### Unknowns\n\nm-body\n');
    expect(out).toContain('### Marketplace · Unknowns');
    expect(out).toContain('m-body');
  });
});
