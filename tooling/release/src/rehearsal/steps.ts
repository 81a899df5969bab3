// The steps of the release rehearsal, in the order a maintainer releases: a clone, a changeset, `pnpm
// version-packages`, `pnpm release`, then what users and the next release will meet (the registry's
// packages, the tags, the guard, fresh projects that install from the registry). Each step is a function of
// the rehearsal's state, so tests can run any of them on their own against a real local registry.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pendingBumps, readPendingChangesets } from '../changesets.js';
import { discoverPublicPackages, specReleaseTagPackage, type WorkspacePackage } from '../public-packages.js';
import { readCurrentState, readReleasedState } from '../released-state.js';
import { capture, run } from './command.js';
import {
  compileConsumer,
  type Consumer,
  installConsumer,
  type PackageManager,
  runConsumer,
  runBaselineCommands,
  runContractCommand,
} from './consumer.js';
import { judgeRecordedTraffic, runVitestFile } from './contract-usage.js';
import { type LocalRegistry, startLocalRegistry } from './local-registry.js';
import {
  assertPublishesOnlyTo,
  type RehearsalNpmFiles,
  rehearsalEnv,
  resolvePublishRegistries,
  writeRehearsalNpmrc,
} from './npm-config.js';
import { fetchPackument, publishedProblems } from './published.js';
import type { Step } from './step-runner.js';

export interface Rehearsal {
  /** The repository the rehearsal was started from; only read (git clone). */
  source: string;
  /** The temporary folder that holds everything else. */
  work: string;
  clone: string;
  log: string;
  npmFiles: RehearsalNpmFiles;
  /** Where packages outside the scope come from. */
  usualRegistry: string;
  registry?: LocalRegistry;
  /** The environment of every command, set once the registry runs. */
  env: NodeJS.ProcessEnv;
  /** Public package versions before `pnpm version-packages`. */
  versionsBefore: Map<string, string>;
  /** Public packages as released (their new versions). */
  released: WorkspacePackage[];
  /** What the spec-change guard compared with before the release. */
  guardSourceBefore?: string;
}

export const stepNames = {
  registry: 'local registry',
  clone: 'clone',
  install: 'install',
  changeset: 'changeset',
  version: 'version packages',
  publishRegistry: 'publish registry',
  release: 'release',
  published: 'published packages',
  tags: 'tags',
  guard: 'spec-change guard after the release',
} as const;

const registryOf = (rehearsal: Rehearsal): LocalRegistry => {
  if (!rehearsal.registry) throw new Error('the local registry is not running');
  return rehearsal.registry;
};
const inClone = (rehearsal: Rehearsal, timeoutMs?: number) => ({
  cwd: rehearsal.clone,
  env: rehearsal.env,
  log: rehearsal.log,
  ...(timeoutMs ? { timeoutMs } : {}),
});
const git = (rehearsal: Rehearsal, ...args: string[]) =>
  run('git', ['-C', rehearsal.clone, ...args], inClone(rehearsal));
const versionsOf = (packages: WorkspacePackage[]) => packages.map((p) => `${p.name}@${p.version}`).join(', ');

export const startRegistryStep: Step<Rehearsal> = {
  name: stepNames.registry,
  async run(rehearsal) {
    const registry = await startLocalRegistry(join(rehearsal.work, 'registry'));
    rehearsal.registry = registry;
    writeRehearsalNpmrc(rehearsal.npmFiles.userconfig, registry.url, rehearsal.usualRegistry);
    rehearsal.env = rehearsalEnv(process.env, rehearsal.npmFiles, registry.url, rehearsal.usualRegistry);
    // No uplink: a package every public registry has is unknown here.
    if ((await fetchPackument(registry.url, 'semver')) !== undefined)
      throw new Error(`${registry.url} serves semver, so it has an uplink; it must serve only what is published to it`);
    return {
      detail:
        `Verdaccio ${registry.verdaccioVersion} on ${registry.url}, temporary storage, no uplinks; ` +
        `@tallyport/* from and to it, everything else from ${rehearsal.usualRegistry}`,
    };
  },
};

export const cloneStep: Step<Rehearsal> = {
  name: stepNames.clone,
  run(rehearsal) {
    const fromSource = { cwd: rehearsal.source, env: rehearsal.env, log: rehearsal.log };
    const head = capture('git', ['rev-parse', 'HEAD'], fromSource).trim();
    const subject = capture('git', ['log', '-1', '--format=%s', head], fromSource).trim();
    const dirty = capture('git', ['--no-optional-locks', 'status', '--porcelain'], fromSource).trim() !== '';
    run('git', ['clone', '--quiet', '--no-checkout', rehearsal.source, rehearsal.clone], fromSource);
    git(rehearsal, 'checkout', '--quiet', '-B', 'release-rehearsal', head);
    // Without a remote, nothing of the rehearsal (commits, tags) can be pushed anywhere.
    git(rehearsal, 'remote', 'remove', 'origin');
    for (const [key, value] of [
      ['user.name', 'Tallyport release rehearsal'],
      ['user.email', 'release-rehearsal@tallyport.invalid'],
      ['commit.gpgsign', 'false'],
      ['tag.gpgsign', 'false'],
    ])
      git(rehearsal, 'config', key!, value!);
    const note = dirty ? '; uncommitted changes of the working tree are not part of it' : '';
    const title = subject.length > 60 ? `${subject.slice(0, 57)}...` : subject;
    return { detail: `${head.slice(0, 7)} "${title}" into a temporary folder, without a remote${note}` };
  },
};

export const installStep: Step<Rehearsal> = {
  name: stepNames.install,
  run(rehearsal) {
    run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], inClone(rehearsal, 15 * 60_000));
    return { detail: 'pnpm install --frozen-lockfile' };
  },
};

export const changesetStep: Step<Rehearsal> = {
  name: stepNames.changeset,
  run(rehearsal) {
    const dir = join(rehearsal.clone, '.changeset');
    const pending = readPendingChangesets(dir);
    const named = Object.keys(pendingBumps(pending));
    if (named.length > 0)
      return { detail: `${pending.length} pending (releasing ${named.sort().join(', ')}), none added` };
    const packages = discoverPublicPackages(rehearsal.clone, rehearsal.env);
    const front = packages.map((pkg) => `"${pkg.name}": patch`).join('\n');
    writeFileSync(
      join(dir, 'release-rehearsal.md'),
      `---\n${front}\n---\n\nRelease rehearsal: a patch release of every public package.\n`,
    );
    git(rehearsal, 'add', '.changeset/release-rehearsal.md');
    git(rehearsal, 'commit', '--quiet', '-m', 'release rehearsal: a patch changeset');
    return { detail: `none pending: added .changeset/release-rehearsal.md, a patch of ${packages.length} packages` };
  },
};

export const versionStep: Step<Rehearsal> = {
  name: stepNames.version,
  run(rehearsal) {
    const before = discoverPublicPackages(rehearsal.clone, rehearsal.env);
    rehearsal.versionsBefore = new Map(before.map((p) => [p.name, p.version]));
    run('pnpm', ['version-packages'], inClone(rehearsal, 10 * 60_000));
    rehearsal.released = discoverPublicPackages(rehearsal.clone, rehearsal.env);
    // Committed as the maintainers commit it ("Version Packages"), so that the release tags mark this tree.
    git(rehearsal, 'add', '--all');
    git(rehearsal, 'commit', '--quiet', '-m', 'Version Packages (release rehearsal)');
    const current = readCurrentState(rehearsal.clone);
    rehearsal.guardSourceBefore = readReleasedState(rehearsal.clone, Object.keys(current.specs)).source;
    const moves = rehearsal.released.map((p) => {
      const from = rehearsal.versionsBefore.get(p.name);
      return from === p.version ? `${p.name} ${p.version} (unchanged)` : `${p.name} ${from ?? 'new'} → ${p.version}`;
    });
    return { detail: `pnpm version-packages: ${moves.join(', ')}; committed` };
  },
};

export const publishRegistryStep: Step<Rehearsal> = {
  name: stepNames.publishRegistry,
  run(rehearsal) {
    const registry = registryOf(rehearsal);
    const targets = discoverPublicPackages(rehearsal.clone, rehearsal.env).map(({ name, dir }) => ({ name, dir }));
    if (targets.length === 0) throw new Error('the workspace has no public package');
    const resolved = resolvePublishRegistries(targets, rehearsal.env);
    assertPublishesOnlyTo(registry.url, resolved);
    const tools = Object.keys(resolved[0]!.views).join(', ');
    return { detail: `each of ${targets.length} packages publishes to ${registry.url} only (${tools})` };
  },
};

export const releaseStep: Step<Rehearsal> = {
  name: stepNames.release,
  run(rehearsal) {
    const script = JSON.parse(readFileSync(join(rehearsal.clone, 'package.json'), 'utf8')).scripts?.release;
    if (typeof script !== 'string') throw new Error('package.json has no release script');
    run('pnpm', ['release'], inClone(rehearsal, 40 * 60_000));
    return { detail: `pnpm release (${script})` };
  },
};

export const publishedStep: Step<Rehearsal> = {
  name: stepNames.published,
  async run(rehearsal) {
    const registry = registryOf(rehearsal);
    const expected = rehearsal.released.map(({ name, version }) => ({ name, version }));
    const problems = await publishedProblems(registry.url, expected, join(rehearsal.work, 'tarballs'));
    // Nothing but the public packages: a private package published would be a leak.
    const stored = storedPackages(registry.storage);
    for (const name of stored)
      if (!expected.some((e) => e.name === name)) problems.push(`${name} was published, but it is not public`);
    if (problems.length > 0) throw new Error(problems.join('\n'));
    return {
      detail:
        `${versionsOf(rehearsal.released)}; no workspace: range, every dependency on the registry, ` +
        'every export and bin in its tarball',
    };
  },
};

export const tagsStep: Step<Rehearsal> = {
  name: stepNames.tags,
  run(rehearsal) {
    const tags = capture('git', ['tag', '--points-at', 'HEAD'], inClone(rehearsal)).split('\n').filter(Boolean);
    const expected = rehearsal.released.map((p) => `${p.name}@${p.version}`);
    const missing = expected.filter((tag) => !tags.includes(tag));
    if (missing.length > 0)
      throw new Error(`no git tag ${missing.join(', ')} on the released commit (it has ${tags.join(', ') || 'none'})`);
    return { detail: expected.join(', ') };
  },
};

export const guardStep: Step<Rehearsal> = {
  name: stepNames.guard,
  run(rehearsal) {
    const manifest = JSON.parse(readFileSync(join(rehearsal.clone, 'tooling/release/package.json'), 'utf8'));
    const cli = join(rehearsal.clone, 'tooling/release', manifest.bin['tallyport-spec-guard']);
    const result = spawnSync(process.execPath, [cli, '--root', rehearsal.clone, '--json'], {
      cwd: rehearsal.clone,
      env: rehearsal.env,
      encoding: 'utf8',
      timeout: 5 * 60_000,
    });
    let report: { source?: string; ok?: boolean; problems?: string[] };
    try {
      report = JSON.parse(result.stdout);
    } catch {
      throw new Error(`the guard printed no report (exit ${result.status}): ${result.stderr.trim()}`);
    }
    const tagged = rehearsal.released.find((p) => p.name === specReleaseTagPackage);
    const expected = `git tag ${specReleaseTagPackage}@${tagged?.version}`;
    if (report.source !== expected)
      throw new Error(`the guard compares with ${report.source}, not with the release just made (${expected})`);
    if (!report.ok || result.status !== 0)
      throw new Error(`the guard blocks the next release right after this one: ${(report.problems ?? []).join('; ')}`);
    return { detail: `compares with ${report.source} (before the release: ${rehearsal.guardSourceBefore}); passes` };
  },
};

/** The package names in Verdaccio's storage, `@scope/name` or `name`. */
export function storedPackages(storage: string): string[] {
  if (!existsSync(storage)) return [];
  return readdirSync(storage, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      entry.name.startsWith('@')
        ? readdirSync(join(storage, entry.name)).map((name) => `${entry.name}/${name}`)
        : [entry.name],
    )
    .sort();
}

/** The steps of a fresh consumer project for one package manager. */
export function consumerSteps(manager: PackageManager): Step<Rehearsal>[] {
  let consumer: Consumer | undefined;
  const prefix = `consumer (${manager})`;
  const of = (rehearsal: Rehearsal): Consumer => {
    consumer ??= makeConsumer(rehearsal, manager);
    return consumer;
  };
  return [
    { name: `${prefix}: install`, run: (r) => ({ detail: installConsumer(of(r)) }) },
    { name: `${prefix}: tsc`, run: (r) => ({ detail: compileConsumer(of(r)) }) },
    { name: `${prefix}: ESM`, run: (r) => ({ detail: runConsumer(of(r), 'esm') }) },
    { name: `${prefix}: CommonJS`, run: (r) => ({ detail: runConsumer(of(r), 'cjs') }) },
    { name: `${prefix}: tallyport-contract`, run: (r) => ({ detail: runContractCommand(of(r)) }) },
    { name: `${prefix}: tallyport-contract judge`, run: async (r) => ({ detail: await judgeRecordedTraffic(of(r)) }) },
    { name: `${prefix}: tallyport-contract baseline`, run: (r) => ({ detail: runBaselineCommands(of(r)) }) },
    { name: `${prefix}: vitest`, run: (r) => ({ detail: runVitestFile(of(r)) }) },
  ];
}

function makeConsumer(rehearsal: Rehearsal, manager: PackageManager): Consumer {
  const versions = Object.fromEntries(rehearsal.released.map((p) => [p.name, p.version]));
  const rootManifest = JSON.parse(readFileSync(join(rehearsal.clone, 'package.json'), 'utf8'));
  const toolsManifest = JSON.parse(readFileSync(join(rehearsal.clone, 'tooling/release/package.json'), 'utf8'));
  const testerManifest = JSON.parse(
    readFileSync(join(rehearsal.clone, 'packages/contract-tests/package.json'), 'utf8'),
  );
  return {
    manager,
    dir: join(rehearsal.work, `consumer-${manager}`),
    env: rehearsal.env,
    log: rehearsal.log,
    registry: registryOf(rehearsal).url,
    versions,
    tools: {
      typescript: rootManifest.devDependencies.typescript,
      '@types/node': toolsManifest.devDependencies['@types/node'],
      // The runner the vitest integration registers its tests with, at the version the tester is developed on.
      vitest: testerManifest.devDependencies.vitest,
    },
  };
}

/** Every step of `pnpm release:rehearse`, in order. */
export const rehearsalSteps = (): Step<Rehearsal>[] => [
  startRegistryStep,
  cloneStep,
  installStep,
  changesetStep,
  versionStep,
  publishRegistryStep,
  releaseStep,
  publishedStep,
  tagsStep,
  guardStep,
  ...consumerSteps('npm'),
  ...consumerSteps('pnpm'),
];
