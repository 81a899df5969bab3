// The docs' front page: links to every Redoc page, and to each operation's
// section on it, and a short guide. The guide's prose lives in
// docs/content/guide.md; the quirks and unknowns come from specs/README.md
// (picked out by the build); the operation lists from the specs; the search
// across both APIs from the spec model.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { CODE_WRAP_CSS } from './code-wrap.mjs';
import { MONO_STACK, SANS_STACK } from './fonts.mjs';
import { buildSearchIndex, operationAnchor, searchInPage } from './search-index.mjs';
import { TITLE_WRAP_CSS } from './title-wrap.mjs';

const contentDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'content');

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * @param {{ specs: import('./read-specs.mjs').SpecInfo[], quirksAndUnknowns: string, fontFace: string }} input
 *   quirksAndUnknowns: markdown taken from specs/README.md; fontFace: the shipped CJK font (cjk-font.mjs)
 */
export function renderIndexPage({ specs, quirksAndUnknowns, fontFace }) {
  const guide = marked.parse(readFileSync(join(contentDir, 'guide.md'), 'utf8'));
  const apiCards = specs.map(renderApiCard).join('\n');
  // JSON inside <script>: `<` escaped so no text of the specs can close the element.
  const searchIndex = JSON.stringify(buildSearchIndex(specs)).replaceAll('<', '\\u003c');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tallyport API documentation</title>
<style>
  ${fontFace}
  ${CODE_WRAP_CSS}
  ${TITLE_WRAP_CSS}
  body { font: 16px/1.55 ${SANS_STACK}; margin: 0; }
  body { color: #1d2430; background: #f7f8fa; }
  main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
  h1 { margin-top: 0; }
  .apis { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }
  .api { background: #fff; border: 1px solid #d8dde6; border-radius: 8px; padding: 1rem 1.25rem; }
  .api h2 { margin: 0 0 .25rem; font-size: 1.25rem; }
  .api ul { padding-left: 1.1rem; margin: .5rem 0 0; }
  .method { font: 600 .75rem ui-monospace, monospace; display: inline-block; min-width: 3.6rem; }
  a.operation { color: inherit; text-decoration: none; }
  a.operation:hover, a.operation:focus { text-decoration: underline; }
  code, pre { font-family: ${MONO_STACK}; font-size: .9em; }
  #search { background: #fff; border: 1px solid #d8dde6; border-radius: 8px; padding: 1rem 1.25rem; margin: 0 0 1rem; }
  #search label { font-weight: 600; display: block; margin-bottom: .4rem; }
  #search-input { width: 100%; box-sizing: border-box; font: inherit; padding: .45rem .6rem; }
  #search-input { border: 1px solid #b8c0cc; border-radius: 6px; }
  #search-results { list-style: none; padding: 0; margin: .5rem 0 0; }
  #search-results li { padding: .2rem 0; }
  .search-api { font-size: .8rem; color: #5a6473; }
  pre { background: #1d2430; color: #e8ecf2; padding: .9rem 1rem; border-radius: 6px; overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; background: #fff; margin: .75rem 0 1.5rem; }
  th, td { border: 1px solid #d8dde6; padding: .4rem .6rem; text-align: left; vertical-align: top; }
  th { background: #eef1f5; }
</style>
</head>
<body>
<main>
<h1>Tallyport API documentation</h1>
<p>Rendered from the hand-written OpenAPI descriptions in <code>specs/</code>. Every page works offline.</p>
<section id="search" role="search">
<label for="search-input">Search both APIs</label>
<input id="search-input" type="search" autocomplete="off" placeholder="an operation, path, parameter, value or message">
<div id="search-status" aria-live="polite"></div>
<ul id="search-results"></ul>
</section>
<section class="apis" aria-label="API reference pages">
${apiCards}
</section>
<section id="guide">
${guide}
</section>
<section id="quirks-and-unknowns">
<h2>Quirks and unknowns</h2>
<p>From <code>specs/README.md</code>: where the source documentation is odd or silent, and how the specs model it.</p>
${marked.parse(quirksAndUnknowns)}
</section>
</main>
<script type="application/json" id="search-index">${searchIndex}</script>
<script>(${searchInPage.toString()})();</script>
</body>
</html>
`;
}

function renderApiCard(spec) {
  const operations = spec.model.operations
    .map(
      (op) =>
        `<li><a class="operation" href="${escapeHtml(spec.api)}.html${escapeHtml(operationAnchor(op))}">` +
        `<span class="method">${escapeHtml(op.method)}</span> <code>${escapeHtml(op.path)}</code> ` +
        `${escapeHtml(op.summary ?? op.id)}</a></li>`,
    )
    .join('\n');
  return `<article class="api">
<h2><a href="${escapeHtml(spec.api)}.html">${escapeHtml(spec.title)}</a></h2>
<div>version ${escapeHtml(spec.version)}${spec.summary ? ` · ${escapeHtml(spec.summary)}` : ''}</div>
<ul>
${operations}
</ul>
</article>`;
}
