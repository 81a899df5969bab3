// Builds the offline documentation site: one Redoc page per spec (with the
// Redoc bundle inlined, so nothing is fetched from a CDN, and each response's
// links written into its description) and an index page with the guide.
// Every API fact comes from the specs folder at build time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cjkFontFace } from './cjk-font.mjs';
import { pageSources } from './cjk-text.mjs';
import { CODE_SAMPLE_LANGUAGES, documentWithCodeSamples } from './code-samples.mjs';
import { withCodeWrap } from './code-wrap.mjs';
import { withTitleWrap } from './title-wrap.mjs';
import { withFontStack } from './fonts.mjs';
import { documentWithLinkNotes } from './link-notes.mjs';
import { rewriteForOffline } from './offline-rewrites.mjs';
import { findRemoteAssets } from './remote-assets.mjs';
import { extractQuirksAndUnknowns } from './readme-sections.mjs';
import { renderIndexPage } from './render-index.mjs';
import { readSpecs } from './read-specs.mjs';

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const redoclyBin = join(docsDir, 'node_modules', '.bin', 'redocly');

/**
 * @param {{ specsDir?: string, outDir?: string, log?: (line: string) => void }} [options]
 * @returns {Promise<{ pages: { api: string, file: string, title: string }[], index: string }>}
 */
export async function buildDocs(options = {}) {
  const specsDir = resolve(options.specsDir ?? join(docsDir, '..', 'specs'));
  const outDir = resolve(options.outDir ?? join(docsDir, 'dist'));
  const log = options.log ?? ((line) => console.log(line));

  // Read everything first so a missing README or section fails before any output exists.
  const specs = await readSpecs(specsDir);
  const quirksAndUnknowns = extractQuirksAndUnknowns(readSpecsReadme(specsDir));
  // The shipped CJK font, checked to cover every CJK character the pages show.
  const fontFace = cjkFontFace(pageSources(specsDir));

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  // Redoc renders the bundled spec with the request samples of every operation added (`x-codeSamples`).
  const withSamplesDir = mkdtempSync(join(tmpdir(), 'tallyport-docs-specs-'));
  // Redocly shows the samples of the languages its configuration lists (JSON is YAML too).
  const config = { openapi: { codeSamples: { languages: CODE_SAMPLE_LANGUAGES } } };
  writeFileSync(join(withSamplesDir, 'redocly.yaml'), JSON.stringify(config));
  let pages;
  try {
    pages = specs.map((spec) => renderSpecPage(spec, outDir, withSamplesDir, fontFace, log));
  } finally {
    rmSync(withSamplesDir, { recursive: true, force: true });
  }

  const index = join(outDir, 'index.html');
  writeFileSync(index, renderIndexPage({ specs, quirksAndUnknowns, fontFace }));
  log(`docs: index.html → ${outDir}`);
  return { pages, index };
}

/** Renders one spec's Redoc page, offline, with its request samples. */
function renderSpecPage(spec, outDir, withSamplesDir, fontFace, log) {
  const file = join(outDir, `${spec.api}.html`);
  const input = join(withSamplesDir, `${spec.api}.json`);
  const config = join(withSamplesDir, 'redocly.yaml');
  writeFileSync(input, JSON.stringify(documentWithLinkNotes(documentWithCodeSamples(spec.model), spec.model)));
  execFileSync(
    redoclyBin,
    [
      'build-docs',
      input,
      '--inlineBundle',
      '--output',
      file,
      '--title',
      `${spec.title} · Tallyport`,
      '--config',
      config,
    ],
    // cwd is the output folder so that no stray redocly.yaml changes the rendering.
    { cwd: outDir, env: { ...process.env, REDOCLY_TELEMETRY: 'off' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const { html } = rewriteForOffline(withTitleWrap(withCodeWrap(withFontStack(readFileSync(file, 'utf8'), fontFace))));
  writeFileSync(file, html);
  const remote = findRemoteAssets(html);
  if (remote.length > 0) {
    throw new Error(
      `${spec.api}.html still loads remote assets, so it would not work offline:\n  ${remote.join('\n  ')}`,
    );
  }
  log(`docs: ${spec.api}.html (${spec.operations.length} operations)`);
  return { api: spec.api, file, title: spec.title };
}

function readSpecsReadme(specsDir) {
  const path = join(specsDir, 'README.md');
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') {
      throw new Error(
        `Missing ${path}: the docs guide renders the quirks and unknowns of each API from that file and never ` +
          'retypes them. Write specs/README.md (with its "Quirks" and "Unknowns" tables) and run the build again.',
      );
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildDocs();
  } catch (error) {
    console.error(`docs build failed: ${error.message}`);
    process.exit(1);
  }
}
