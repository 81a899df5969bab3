// How the rehearsal keeps every publish on the local registry: a temporary npm user configuration (never the
// user's ~/.npmrc) that sends the @tallyport scope, and only it, to the local registry with a token that is
// good for nothing else; an environment without any credential of the caller; and a check, run before
// anything is published, that npm, pnpm and changesets all resolve each public package to the local registry.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const scope = '@tallyport';
const defaultRegistry = 'https://registry.npmjs.org/';

/** npm writes registry URLs with a trailing slash; compare them that way. */
export const normalizeRegistry = (url: string): string => (url.endsWith('/') ? url : `${url}/`);

/** True for `http://127.0.0.1:PORT/` and nothing else: the only place a rehearsal may publish to. */
export const isLoopbackRegistry = (url: string): boolean => /^http:\/\/127\.0\.0\.1:\d+\/$/.test(url);

/**
 * Where everything outside the scope comes from: the registry npm resolves from the caller's environment and the
 * machine's global npmrc, with the user configuration replaced by an empty file (the user's ~/.npmrc is never
 * read); npm's public registry when that says nothing usable.
 */
export function usualRegistry(env: NodeJS.ProcessEnv, emptyFile: string): string {
  writeFileSync(emptyFile, '');
  const result = spawnSync('npm', ['config', 'get', 'registry'], {
    env: { ...env, NPM_CONFIG_USERCONFIG: emptyFile, npm_config_userconfig: emptyFile },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const registry = result.status === 0 ? normalizeRegistry(result.stdout.trim()) : defaultRegistry;
  return /^https?:\/\/[^/]/.test(registry) && !isLoopbackRegistry(registry) ? registry : defaultRegistry;
}

export function writeRehearsalNpmrc(file: string, localRegistry: string, registry: string): void {
  const host = localRegistry.replace(/^http:/, '');
  writeFileSync(
    file,
    [
      '; The release rehearsal: @tallyport/* from and to the local registry, everything else as usual.',
      `registry=${registry}`,
      `${scope}:registry=${localRegistry}`,
      `${host}:_authToken=release-rehearsal-local-only`,
      'update-notifier=false',
      'fund=false',
      'audit=false',
      '',
    ].join('\n'),
  );
}

export interface RehearsalNpmFiles {
  /** The temporary user configuration, written by writeRehearsalNpmrc. */
  userconfig: string;
  /** An empty file in place of the global npmrc, so that no credential of the machine is loaded. */
  globalconfig: string;
}

// Names of variables that may hold a credential or point a command at a deployment; none reaches a command of
// the rehearsal, so nothing can authenticate against a real registry or test a real deployment.
const dropped = [/^npm_config_/i, /^pnpm_config_/i, /^npm_(package|lifecycle)_/, /token|auth|password|secret/i];
const deploymentVariable = /^(ANALYTICS|MARKETPLACE)_/;

/**
 * The environment of every command of the rehearsal: the caller's, minus credentials and npm settings, plus the
 * temporary user configuration. The scope's registry is also given as `npm_config_@tallyport:registry`, the
 * one place changesets reads it from (it hands it to `npm info` and `pnpm publish` explicitly).
 */
export function rehearsalEnv(
  base: NodeJS.ProcessEnv,
  files: RehearsalNpmFiles,
  localRegistry: string,
  registry: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (dropped.some((pattern) => pattern.test(name)) || deploymentVariable.test(name)) continue;
    env[name] = value;
  }
  Object.assign(env, {
    NPM_CONFIG_USERCONFIG: files.userconfig,
    NPM_CONFIG_GLOBALCONFIG: files.globalconfig,
    npm_config_registry: registry,
    [`npm_config_${scope}:registry`]: localRegistry,
    npm_config_update_notifier: 'false',
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  });
  return env;
}

export interface PublishTarget {
  name: string;
  /** Absolute folder of the package. */
  dir: string;
}

export interface ResolvedPublishRegistry {
  name: string;
  /** Who resolved it (changesets, pnpm config, npm config, publishConfig) → the registry it would use. */
  views: Record<string, string>;
}

// changesets' own rule (getCorrectRegistry in @changesets/cli): publishConfig, then the environment, then npm's
// public registry. It decides the registry `changeset publish` hands to `npm info` and `pnpm publish`.
function changesetsRegistry(manifest: Record<string, unknown>, env: NodeJS.ProcessEnv): string {
  const name = String(manifest.name ?? '');
  const publishConfig = (manifest.publishConfig ?? {}) as Record<string, string | undefined>;
  if (name.startsWith('@')) {
    const packageScope = name.split('/')[0]!;
    const scoped = publishConfig[`${packageScope}:registry`] ?? env[`npm_config_${packageScope}:registry`];
    if (scoped) return normalizeRegistry(scoped);
  }
  const registry = publishConfig.registry ?? env.npm_config_registry;
  return normalizeRegistry(!registry || registry === 'https://registry.yarnpkg.com' ? defaultRegistry : registry);
}

function configGet(tool: 'npm' | 'pnpm', key: string, cwd: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(tool, ['config', 'get', key], { cwd, env, encoding: 'utf8', timeout: 60_000 });
  const value = result.stdout?.trim() ?? '';
  if (result.status !== 0 || value === '' || value === 'undefined')
    return `(${tool} config get ${key} failed: ${(result.stderr || result.error?.message || '').trim()})`;
  return normalizeRegistry(value);
}

/** Every registry a publish of each package could go to, as each tool involved resolves it. */
export function resolvePublishRegistries(targets: PublishTarget[], env: NodeJS.ProcessEnv): ResolvedPublishRegistry[] {
  return targets.map(({ name, dir }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const key = name.startsWith('@') ? `${name.split('/')[0]}:registry` : 'registry';
    const views: Record<string, string> = {
      changesets: changesetsRegistry(manifest, env),
      'pnpm config': configGet('pnpm', key, dir, env),
      'npm config': configGet('npm', key, dir, env),
    };
    const publishConfig = (manifest.publishConfig ?? {}) as Record<string, unknown>;
    for (const field of ['registry', key]) {
      if (typeof publishConfig[field] === 'string')
        views[`publishConfig.${field}`] = normalizeRegistry(publishConfig[field] as string);
    }
    return { name, views };
  });
}

/**
 * Throws, naming each package and tool, unless every publish would go to the given loopback registry. Runs before
 * `pnpm release`, so a configuration that would reach a public registry stops the rehearsal before its build.
 */
export function assertPublishesOnlyTo(localRegistry: string, resolved: ResolvedPublishRegistry[]): void {
  if (!isLoopbackRegistry(localRegistry))
    throw new Error(`refusing to publish: ${localRegistry} is not a registry on 127.0.0.1`);
  const wrong = resolved.flatMap(({ name, views }) =>
    Object.entries(views)
      .filter(([, registry]) => registry !== localRegistry)
      .map(([tool, registry]) => `${name} would go to ${registry} (${tool})`),
  );
  if (wrong.length > 0) throw new Error(`refusing to publish anywhere but ${localRegistry}: ${wrong.join('; ')}`);
}
