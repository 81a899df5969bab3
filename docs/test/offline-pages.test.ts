// The built reference pages must carry everything they need: Redoc's code
// inlined, no script, stylesheet or image from a CDN.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offlineRewrites } from '../scripts/offline-rewrites.mjs';
import { readSpecs } from '../scripts/read-specs.mjs';
import { findRemoteAssets } from '../scripts/remote-assets.mjs';
import { distDir, specsDir } from './paths.js';

const specs = await readSpecs(specsDir);

describe.each(specs.map((spec) => [spec.api, spec] as const))('%s.html', (api, spec) => {
  const html = readFileSync(join(distDir, `${api}.html`), 'utf8');

  it('loads no remote asset', () => {
    expect(findRemoteAssets(html)).toEqual([]);
  });

  it('inlines every script instead of loading it from a CDN', () => {
    const scriptTags = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
    expect(scriptTags.length).toBeGreaterThan(0);
    expect(scriptTags.filter((tag) => /\bsrc\s*=/i.test(tag))).toEqual([]);
  });

  it('no longer holds the CDN addresses of the Redoc logo', () => {
    for (const { remote } of offlineRewrites) expect(html).not.toContain(remote);
  });

  it('is titled after the spec and embeds every operationId', () => {
    expect(html).toContain(`<title>${spec.title} · Tallyport</title>`);
    for (const op of spec.operations) expect(html).toContain(`"operationId":"${op.operationId}"`);
  });
});
