// A project outside the repository that installs the tarballs with npm, as a
// user would, so nothing can be picked up from the workspace or its specs.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function createFreshProject(dir: string, tarballs: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'tallyport-packaging-check', version: '1.0.0', private: true }, null, 2),
  );
  // --ignore-scripts: no install script of a dependency runs (or phones home);
  // --prefer-offline: registry dependencies come from the npm cache when there.
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...tarballs],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: cleanEnv(),
    },
  );
}

/** Runs a command in the project with none of the deployment variables of the caller. */
export function runIn(dir: string, command: string, args: string[], timeoutMs = 120_000): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: dir, encoding: 'utf8', timeout: timeoutMs, env: cleanEnv() });
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(ANALYTICS|MARKETPLACE)_/.test(name) || /^npm_(package|lifecycle)_/.test(name) || name === 'NODE_OPTIONS')
      delete env[name];
  }
  env.NO_COLOR = '1';
  return env;
}
