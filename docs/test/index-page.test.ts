// The index page links every spec's page, lists every operation, and shows
// the Quirks and Unknowns tables of specs/README.md as written there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer, marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { readSpecs } from '../scripts/read-specs.mjs';
import { distDir, specsDir } from './paths.js';

const specs = await readSpecs(specsDir);
const index = readFileSync(join(distDir, 'index.html'), 'utf8');
const readme = readFileSync(join(specsDir, 'README.md'), 'utf8');

// The tables that follow a "Quirks" or "Unknowns" heading in the README.
function readmeTablesUnder(heading: RegExp): Tokens.Table[] {
  const tables: Tokens.Table[] = [];
  let inside = false;
  for (const token of Lexer.lex(readme)) {
    if (token.type === 'heading') inside = heading.test((token as Tokens.Heading).text);
    else if (inside && token.type === 'table') tables.push(token as Tokens.Table);
  }
  return tables;
}

describe('index.html', () => {
  it('links the page of every spec', () => {
    for (const spec of specs) expect(index).toContain(`<a href="${spec.api}.html">${spec.title}</a>`);
  });

  it('lists every operation of every spec with its path', () => {
    for (const spec of specs) {
      for (const op of spec.operations) {
        expect(index).toContain(`<code>${op.path}</code> ${op.summary}`);
      }
    }
  });

  it('has the guide: client quick start, mocks and contract tests', () => {
    expect(index).toContain('createAnalyticsClient');
    expect(index).toContain('createMarketplaceClient');
    expect(index).toContain('pnpm mock');
    expect(index).toContain('pnpm contract');
  });

  it.each([
    ['Quirks', /\bquirks?\b/i],
    ['Unknowns', /\bunknowns?\b/i],
  ])('renders every row of the README %s table', (_name, heading) => {
    const tables = readmeTablesUnder(heading);
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      for (const row of table.rows) {
        for (const cell of row) expect(index).toContain(marked.parseInline(cell.text));
      }
    }
  });

  it('carries one search index of both APIs, every operation linked to its place on its page', () => {
    const json = /<script type="application\/json" id="search-index">(.*?)<\/script>/s.exec(index)?.[1];
    const entries = JSON.parse(json ?? '[]') as { href: string; text: string }[];
    const expected = specs.flatMap((spec) =>
      spec.operations.map((op) => new RegExp(`^${spec.api}\\.html#/[a-z-]+/${op.operationId.toLowerCase()}$`)),
    );
    expect(entries).toHaveLength(expected.length);
    for (const [i, pattern] of expected.entries()) expect(entries[i]?.href).toMatch(pattern);
  });

  it('finds what the search box promises: every operation taking a parameter, values and messages', () => {
    const json = /<script type="application\/json" id="search-index">(.*?)<\/script>/s.exec(index)?.[1];
    const entries = JSON.parse(json ?? '[]') as { path: string; text: string }[];
    const found = (word: string) =>
      entries.filter((entry) => entry.text.includes(word.toLowerCase())).map((e) => e.path);
    const market = specs.find((spec) => spec.api === 'marketplace')!;
    const paths = market.operations.map((operation) => operation.path);
    // api_key is defined once (a security scheme) for the GETs and as a form field of the POST: all four take it.
    expect(found('api_key')).toEqual(paths);
    // Every marketplace answer states 成功 or 错误.
    expect(found('错误')).toEqual(paths);
    expect(found('成功')).toEqual(paths);
    expect(found('未找到任何商品')).toEqual(['/api/items/item']);
    // The bearer key of every analytics operation.
    const analytics = specs.find((spec) => spec.api === 'analytics')!;
    expect(found('Bearer')).toEqual(analytics.operations.map((operation) => operation.path));
  });

  it('leaves out the parts of the README that are not quirks or unknowns', () => {
    expect(index).not.toContain('How to read the extensions');
  });
});
