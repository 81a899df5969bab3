// The publishing checklist of every public package, read from its
// package.json: what npm and users need to install, import and trust it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { publicPackages } from '../src/public-packages.js';
import { repoRoot } from './fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: manifests are read loosely, field by field, in the assertions
type Manifest = Record<string, any>;
const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
const rootLicense = existsSync(join(repoRoot, 'LICENSE'));

// Every file path named by an exports map, whatever its nesting of conditions.
function exportTargets(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(exportTargets);
  return [];
}

describe.each(publicPackages.map((p) => [p.name, p.dir] as const))('%s package.json', (name, dir) => {
  const manifest = manifestOf(dir);

  it('is publishable: right name, semver version, not private, a description', () => {
    expect(manifest.name).toBe(name);
    expect(semver.valid(manifest.version)).not.toBeNull();
    expect(manifest.private).not.toBe(true);
    expect(typeof manifest.description).toBe('string');
  });

  it('publishes only dist/ and the README through `files`', () => {
    expect(manifest.files).toContain('dist');
    expect(manifest.files.filter((entry: string) => /^(src|test|specs|scripts)\b/.test(entry))).toEqual([]);
  });

  it('exports an ESM and a CommonJS entry, each with its types', () => {
    const root = manifest.exports?.['.'];
    expect(root, 'exports["."]').toBeTypeOf('object');
    for (const condition of ['import', 'require']) {
      expect(root[condition], `exports["."].${condition}`).toBeDefined();
      expect(
        exportTargets(root[condition]).some((target) => /\.d\.[cm]?ts$/.test(target)),
        `types for ${condition}`,
      ).toBe(true);
    }
    expect(manifest.exports['./package.json']).toBe('./package.json');
  });

  it('points exports, main, module, types and bin at files the build produced', () => {
    const targets = [
      ...exportTargets(manifest.exports),
      manifest.main,
      manifest.module,
      manifest.types,
      ...Object.values(manifest.bin ?? {}),
    ].filter(Boolean);
    const missing = targets.filter(
      (target: string) => target !== './package.json' && !existsSync(join(repoRoot, dir, target)),
    );
    expect(missing).toEqual([]);
  });

  it('declares the Node versions it supports, and the current one is among them', () => {
    expect(typeof manifest.engines?.node).toBe('string');
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('is MIT licensed, with the license text shipped', () => {
    expect(manifest.license).toBe('MIT');
    // pnpm pack adds the workspace root LICENSE when the package has none.
    expect(rootLicense || existsSync(join(repoRoot, dir, 'LICENSE'))).toBe(true);
  });

  it('names its repository and folder, so npm links back to the source', () => {
    expect(manifest.repository?.type).toBe('git');
    expect(manifest.repository?.url).toMatch(/^(git\+)?https:\/\/.+\.git$/);
    expect(manifest.repository?.directory).toBe(dir);
  });

  it('publishes with public access', () => {
    expect(manifest.publishConfig?.access).toBe('public');
  });

  it('has a README', () => {
    expect(existsSync(join(repoRoot, dir, 'README.md'))).toBe(true);
  });

  it('depends on other Tallyport packages through the workspace only', () => {
    const internal = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(([dep]) =>
      dep.startsWith('@tallyport/'),
    );
    for (const [dep, range] of internal) expect(range, dep).toMatch(/^workspace:/);
  });
});

describe('package roles', () => {
  it('@tallyport/types has no runtime dependency', () => {
    const types = manifestOf('packages/types');
    expect(Object.keys(types.dependencies ?? {})).toEqual([]);
  });

  it('@tallyport/client depends on @tallyport/types and knows nothing of contract tests', () => {
    const client = manifestOf('packages/client');
    expect(client.dependencies['@tallyport/types']).toBeDefined();
    expect(client.dependencies['@tallyport/contract-tests']).toBeUndefined();
  });

  it('@tallyport/contract-tests ships the tallyport-contract command', () => {
    const contract = manifestOf('packages/contract-tests');
    expect(contract.bin?.['tallyport-contract']).toBeDefined();
    const entry = readFileSync(join(repoRoot, 'packages/contract-tests', contract.bin['tallyport-contract']), 'utf8');
    expect(entry.startsWith('#!/usr/bin/env node')).toBe(true);
  });
});
