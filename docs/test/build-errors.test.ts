// A build without the README's quirks and unknowns must stop and say why,
// rather than publish a guide with that section missing.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDocs } from '../scripts/build-docs.mjs';
import { specsDir } from './paths.js';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A copy of the real specs beside the given README (or none).
function specsFolderWith(readme: string | null): { specs: string; out: string } {
  const root = mkdtempSync(join(tmpdir(), 'tallyport-docs-'));
  scratch.push(root);
  const specs = join(root, 'specs');
  mkdirSync(specs);
  for (const name of readdirSync(specsDir).filter((n) => n.endsWith('.yaml')))
    copyFileSync(join(specsDir, name), join(specs, name));
  if (readme !== null) writeFileSync(join(specs, 'README.md'), readme);
  return { specs, out: join(root, 'dist') };
}

describe('buildDocs', () => {
  it('fails naming specs/README.md when the README is missing, and writes nothing', async () => {
    const { specs, out } = specsFolderWith(null);
    await expect(buildDocs({ specsDir: specs, outDir: out, log: () => {} })).rejects.toThrow(
      /Missing .*README\.md.*quirks and unknowns/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('fails when the README has neither a Quirks nor an Unknowns section', async () => {
    const { specs, out } = specsFolderWith('# Specs\n\n## Files\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    await expect(buildDocs({ specsDir: specs, outDir: out, log: () => {} })).rejects.toThrow(
      /no "Quirks" or "Unknowns" section/,
    );
  });

  it('fails when the folder holds no spec', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tallyport-docs-'));
    scratch.push(root);
    await expect(buildDocs({ specsDir: root, outDir: join(root, 'dist'), log: () => {} })).rejects.toThrow(
      /No OpenAPI specs/,
    );
  });
});
