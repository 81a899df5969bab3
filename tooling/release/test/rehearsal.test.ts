// The release rehearsal made to fail on purpose, step by step, against a real local registry: packages with a
// fault that reaches users are published to it (the way a wrong publish would), and the rehearsal's own steps
// must stop at the step that sees the fault and name it. The full rehearsal (`pnpm release:rehearse`) runs in
// CI; these run its step functions and its runner without a release each time.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverPublicPackages, publicPackages } from '../src/public-packages.js';
import { startLocalRegistry } from '../src/rehearsal/local-registry.js';
import {
  assertPublishesOnlyTo,
  rehearsalEnv,
  resolvePublishRegistries,
  writeRehearsalNpmrc,
} from '../src/rehearsal/npm-config.js';
import { fetchPackument } from '../src/rehearsal/published.js';
import { rehearse } from '../src/rehearsal/rehearse.js';
import type { Step } from '../src/rehearsal/step-runner.js';
import {
  publishedStep,
  publishRegistryStep,
  type Rehearsal,
  releaseStep,
  startRegistryStep,
  stepNames,
  storedPackages,
} from '../src/rehearsal/steps.js';
import { repoRoot } from './fixtures.js';

const scratch = mkdtempSync(join(tmpdir(), 'tallyport-rehearsal-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the given steps through the rehearsal's runner; returns its exit code and every printed line. */
async function rehearseWith(steps: Step<Rehearsal>[]): Promise<{ code: number; lines: string[]; work: string }> {
  const lines: string[] = [];
  let work = '';
  const code = await rehearse({
    source: repoRoot,
    steps,
    print: (line) => lines.push(line),
    onStart: (rehearsal) => {
      work = rehearsal.work;
    },
  });
  return { code, lines, work };
}

/**
 * A step that publishes a copy of a built workspace package, changed by `fault`, with `npm publish` or
 * `pnpm publish` and an explicit --registry, and records it as the release under test.
 */
function publishCopy(
  dir: string,
  tool: 'npm' | 'pnpm',
  fault: (copy: string, manifest: Record<string, Record<string, string>>) => void,
): Step<Rehearsal> {
  return {
    name: `publish a faulty copy of ${dir}`,
    run(rehearsal) {
      const from = join(repoRoot, dir);
      if (!existsSync(join(from, 'dist'))) throw new Error(`${dir} has no dist/: build it first`);
      const copy = mkdtempSync(join(scratch, 'package-'));
      for (const entry of ['dist', 'bin', 'README.md'])
        if (existsSync(join(from, entry))) cpSync(join(from, entry), join(copy, entry), { recursive: true });
      const manifest = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
      manifest.version = `0.0.0-rehearsal-test.${Date.now()}`;
      delete manifest.devDependencies;
      delete manifest.scripts;
      fault(copy, manifest);
      writeFileSync(join(copy, 'package.json'), JSON.stringify(manifest, null, 2));
      const registry = rehearsal.registry!.url;
      // A prerelease version needs a dist-tag of its own.
      const args = ['publish', '--registry', registry, '--tag', 'rehearsal-test'];
      if (tool === 'pnpm') args.push('--no-git-checks');
      execFileSync(tool, args, { cwd: copy, env: rehearsal.env, stdio: 'pipe' });
      rehearsal.released = [{ name: manifest.name, version: manifest.version, dir: copy, private: false }];
      return { detail: `${manifest.name}@${manifest.version} with ${tool}` };
    },
  };
}

describe('the local registry', () => {
  it('listens on 127.0.0.1, serves nothing it was not given, and is gone once stopped', async () => {
    const registry = await startLocalRegistry(mkdtempSync(join(scratch, 'registry-')));
    try {
      expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(registry.verdaccioVersion).toMatch(/^6\.8\./);
      expect(await fetchPackument(registry.url, 'semver')).toBeUndefined();
    } finally {
      await registry.stop();
    }
    await expect(fetch(registry.url)).rejects.toThrow();
  });
});

describe('a fault forced into a published package', () => {
  it('a workspace: range in a manifest (published with npm) stops the rehearsal at the published step', async () => {
    // npm publishes `workspace:*` as it is; only pnpm rewrites it, which is why changesets publishes with pnpm.
    const { code, lines } = await rehearseWith([
      startRegistryStep,
      publishCopy('packages/client', 'npm', () => {}),
      publishedStep,
    ]);
    expect(code).toBe(1);
    const failure = lines.find((line) => line.includes('FAIL'));
    expect(failure).toContain(`FAIL  ${stepNames.published}: @tallyport/client@0.0.0-rehearsal-test.`);
    expect(failure).toContain('dependencies › @tallyport/types: workspace:*');
    expect(lines.join('\n')).toContain('the package.json in its tarball has dependencies › @tallyport/types');
    expect(lines.at(-1)).toBe(`release rehearsal: failed at step "${stepNames.published}"`);
  });

  it('a bin whose file is not in the tarball stops the rehearsal at the published step, registry stopped', async () => {
    const { code, lines, work } = await rehearseWith([
      startRegistryStep,
      publishCopy('packages/contract-tests', 'pnpm', (copy, manifest) => {
        rmSync(join(copy, 'bin', 'tallyport-contract.js'));
        // The copy stands outside the workspace: its sibling's workspace range is left out, the bin is the fault.
        delete manifest.dependencies?.['@tallyport/mock'];
      }),
      publishedStep,
    ]);
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('bin tallyport-contract → bin/tallyport-contract.js is not in the tarball');
    expect(lines.at(-1)).toBe(`release rehearsal: failed at step "${stepNames.published}"`);
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}ok {4}stop local registry: stopped/));
    expect(existsSync(work)).toBe(false);
  });

  it('declarations importing a package it does not depend on stop the rehearsal at the published step', async () => {
    // The fault of a private workspace package bundled into the code but not into the declarations.
    const { code, lines } = await rehearseWith([
      startRegistryStep,
      publishCopy('packages/types', 'pnpm', (copy) =>
        appendFileSync(join(copy, 'dist', 'index.d.ts'), "export type { JsonObject } from '@tallyport/spec-model';\n"),
      ),
      publishedStep,
    ]);
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain(
      'dist/index.d.ts imports @tallyport/spec-model, and @tallyport/spec-model is not among its dependencies',
    );
    expect(lines.at(-1)).toBe(`release rehearsal: failed at step "${stepNames.published}"`);
  });

  it('a dependency on a sibling the registry does not have stops the rehearsal at the published step', async () => {
    // As pnpm rewrites `workspace:*`; but @tallyport/types is not published: the fault of a partial release.
    const { code, lines } = await rehearseWith([
      startRegistryStep,
      publishCopy('packages/client', 'pnpm', (_copy, manifest) => {
        manifest.dependencies!['@tallyport/types'] = '0.1.0';
      }),
      publishedStep,
    ]);
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/dependencies › @tallyport\/types@\S+, and the registry has no such version/);
    expect(lines.join('\n')).not.toContain('workspace:');
  });
});

describe('before anything is published', () => {
  /** A workspace whose one public package sends itself to the public registry through publishConfig. */
  const cloneSendingToPublicRegistry: Step<Rehearsal> = {
    name: 'a clone whose package publishes to the public registry',
    run(rehearsal) {
      mkdirSync(join(rehearsal.clone, 'packages', 'leak'), { recursive: true });
      writeFileSync(join(rehearsal.clone, 'pnpm-workspace.yaml'), "packages: ['packages/*']\n");
      writeFileSync(
        join(rehearsal.clone, 'package.json'),
        JSON.stringify({ name: 'leak-root', private: true, scripts: { release: 'node -e "1" > released' } }),
      );
      writeFileSync(
        join(rehearsal.clone, 'packages', 'leak', 'package.json'),
        JSON.stringify({
          name: '@tallyport/leak',
          version: '1.0.0',
          publishConfig: { '@tallyport:registry': 'https://registry.npmjs.org/' },
        }),
      );
      return { detail: 'written' };
    },
  };

  it('aborts before `pnpm release` when a package would publish anywhere but the local registry', async () => {
    let storage: string[] = ['(not read)'];
    const readStorage: Step<Rehearsal> = {
      name: 'read the storage',
      run(rehearsal) {
        storage = storedPackages(rehearsal.registry!.storage);
        return { detail: '' };
      },
    };
    const { code, lines } = await rehearseWith([
      startRegistryStep,
      cloneSendingToPublicRegistry,
      readStorage,
      publishRegistryStep,
      releaseStep,
    ]);
    expect(code).toBe(1);
    const failure = lines.find((line) => line.includes('FAIL'));
    expect(failure).toContain(`FAIL  ${stepNames.publishRegistry}: refusing to publish anywhere but http://127.0.0.1:`);
    expect(failure).toContain(
      '@tallyport/leak would go to https://registry.npmjs.org/ (publishConfig.@tallyport:registry)',
    );
    expect(lines.some((line) => line.includes(` ${stepNames.release}:`))).toBe(false);
    expect(storage).toEqual([]);
  });

  it('aborts when the scope is not mapped to the local registry in the environment of the commands', async () => {
    const registry = await startLocalRegistry(mkdtempSync(join(scratch, 'registry-')));
    try {
      const dir = mkdtempSync(join(scratch, 'npm-'));
      const files = { userconfig: join(dir, 'npmrc'), globalconfig: join(dir, 'global') };
      writeFileSync(files.globalconfig, '');
      writeRehearsalNpmrc(files.userconfig, registry.url, 'https://registry.npmjs.org/');
      const env = rehearsalEnv(process.env, files, registry.url, 'https://registry.npmjs.org/');
      const target = [{ name: '@tallyport/types', dir: join(repoRoot, 'packages', 'types') }];
      expect(() => assertPublishesOnlyTo(registry.url, resolvePublishRegistries(target, env))).not.toThrow();

      // The same commands without the scope's registry: everything resolves to the public registry.
      writeFileSync(files.userconfig, '');
      delete env['npm_config_@tallyport:registry'];
      expect(() => assertPublishesOnlyTo(registry.url, resolvePublishRegistries(target, env))).toThrow(
        /@tallyport\/types would go to https:\/\/registry\.npmjs\.org\/ \(changesets\).*\(pnpm config\).*\(npm/,
      );
    } finally {
      await registry.stop();
    }
  });

  it('refuses a registry that is not on 127.0.0.1', () => {
    expect(() => assertPublishesOnlyTo('https://registry.npmjs.org/', [])).toThrow(/not a registry on 127\.0\.0\.1/);
  });

  it('hands no credential and no deployment of the caller to the commands, and never the user npmrc', () => {
    const env = rehearsalEnv(
      {
        PATH: '/usr/bin',
        NPM_TOKEN: 'a',
        NODE_AUTH_TOKEN: 'b',
        npm_config__authToken: 'c',
        'npm_config_//registry.npmjs.org/:_authToken': 'd',
        NPM_CONFIG_USERCONFIG: '/home/someone/.npmrc',
        ANALYTICS_API_KEY: 'e',
        MARKETPLACE_BASE_URL: 'https://market.example.com',
      },
      { userconfig: '/tmp/rehearsal/npmrc', globalconfig: '/tmp/rehearsal/global' },
      'http://127.0.0.1:4873/',
      'https://registry.npmjs.org/',
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      NPM_CONFIG_USERCONFIG: '/tmp/rehearsal/npmrc',
      NPM_CONFIG_GLOBALCONFIG: '/tmp/rehearsal/global',
      npm_config_registry: 'https://registry.npmjs.org/',
      'npm_config_@tallyport:registry': 'http://127.0.0.1:4873/',
      npm_config_update_notifier: 'false',
      TURBO_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    });
  });
});

describe('public packages', () => {
  it('are discovered from the workspace, as changesets will publish them', () => {
    const discovered = discoverPublicPackages(repoRoot);
    expect(discovered.every((pkg) => !pkg.private && pkg.name !== '')).toBe(true);
    expect(discovered.map((pkg) => pkg.name)).toEqual(expect.arrayContaining(publicPackages.map((pkg) => pkg.name)));
    expect(discovered.map((pkg) => pkg.name)).not.toContain('@tallyport/release-tools');
  });
});
