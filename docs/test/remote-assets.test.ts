import { describe, expect, it } from 'vitest';
import { rewriteForOffline } from '../scripts/offline-rewrites.mjs';
import { findRemoteAssets } from '../scripts/remote-assets.mjs';

describe('findRemoteAssets', () => {
  it('finds scripts, stylesheets, images and CSS imports served by another host', () => {
    const html = [
      '<script src="https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js"></script>',
      '<link rel="stylesheet" href="//fonts.example.test/css">',
      "<img alt='x' src='http://img.example.test/a.png'>",
      '<style>@import url("https://fonts.example.test/b.css");</style>',
    ].join('\n');
    expect(findRemoteAssets(html)).toEqual([
      '<script> https://cdn.redoc.ly/redoc/latest/bundles/redoc.standalone.js',
      '<link> //fonts.example.test/css',
      '<img> http://img.example.test/a.png',
      '@import https://fonts.example.test/b.css',
    ]);
  });

  it('accepts inline code, local files and plain links', () => {
    const html =
      '<script>let a = "https://x.test"</script><script src="app.js"></script>' +
      '<a href="https://github.com/x">x</a><img src="data:image/png;base64,AA">';
    expect(findRemoteAssets(html)).toEqual([]);
  });
});

describe('rewriteForOffline', () => {
  it('replaces the CDN logo of the Redoc bundle with an inline image', () => {
    const { html, rewritten } = rewriteForOffline(
      'src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`',
    );
    expect(rewritten).toHaveLength(2);
    expect(html).not.toContain('cdn.redoc.ly');
    expect(html).toContain('data:image/svg+xml,');
  });
});
