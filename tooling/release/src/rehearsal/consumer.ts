// A fresh project outside the repository, as an integrator starts one: it installs @tallyport/client and
// @tallyport/contract-tests by version (the scope from the local registry, everything else from the usual one),
// compiles a strict TypeScript file against the published declarations, runs it as ESM and as CommonJS against
// the embedded mocks, and runs the tallyport-contract command of the installed package.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { capture, run } from './command.js';

export type PackageManager = 'npm' | 'pnpm';

export interface Consumer {
  manager: PackageManager;
  dir: string;
  env: NodeJS.ProcessEnv;
  log: string;
  /** The local registry, `http://127.0.0.1:PORT/`. */
  registry: string;
  /** Exact versions of the packages to install from it. */
  versions: Record<string, string>;
  /** Ranges of typescript and @types/node, as the repository uses them. */
  tools: Record<string, string>;
}

export const consumerPackages = ['@tallyport/client', '@tallyport/contract-tests'] as const;

// The consumer's source (consumer/consumer.ts, type-checked with the workspace), compiled twice: as
// consumer.mts (ESM) and consumer.cts (CommonJS), so that both the import and the require declarations of each
// package are checked, and both builds run.
export const consumerSourceFile = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'consumer', 'consumer.ts');

// Strict, and without skipLibCheck: the published declarations are compiled too, as a project that does not
// skip them compiles them.
const tsconfig = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    rootDir: 'src',
    outDir: 'dist',
  },
  include: ['src'],
};

/** Creates the project and installs the packages; returns what came from where. */
export function installConsumer(consumer: Consumer): string {
  const { dir, manager, versions, tools } = consumer;
  mkdirSync(join(dir, 'src'), { recursive: true });
  const manifest = {
    name: `tallyport-rehearsal-consumer-${manager}`,
    version: '1.0.0',
    private: true,
    dependencies: Object.fromEntries(consumerPackages.map((name) => [name, versions[name]])),
    devDependencies: tools,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const options = { cwd: dir, env: consumer.env, log: consumer.log, timeoutMs: 10 * 60_000 };
  if (manager === 'npm') {
    // --ignore-scripts: no install script of a dependency runs (pnpm skips them by default).
    run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], options);
  } else {
    // Tarball URLs in the lockfile show where each package came from.
    run('pnpm', ['install', '--config.lockfile-include-tarball-url=true', '--reporter=append-only'], options);
  }
  const origins = packageOrigins(consumer);
  const problems: string[] = [];
  for (const name of consumerPackages) {
    const installed = join(dir, 'node_modules', name, 'package.json');
    const version = existsSync(installed) ? JSON.parse(readFileSync(installed, 'utf8')).version : undefined;
    if (version !== versions[name]) problems.push(`${name}: installed ${version ?? 'nothing'}, not ${versions[name]}`);
  }
  const fromLocal = origins.filter((o) => o.url.startsWith(consumer.registry));
  for (const origin of origins) {
    const scoped = origin.name.startsWith('@tallyport/');
    if (scoped !== origin.url.startsWith(consumer.registry))
      problems.push(`${origin.name} came from ${origin.url}, ${scoped ? 'not the local registry' : 'the local one'}`);
  }
  if (fromLocal.length === 0) problems.push('nothing came from the local registry');
  if (problems.length > 0) throw new Error(problems.join('; '));
  const local = [...new Set(fromLocal.map((o) => `${o.name}@${o.version}`))].sort().join(', ');
  return `${local} from the local registry, ${origins.length - fromLocal.length} other packages from the usual one`;
}

interface Origin {
  name: string;
  version: string;
  url: string;
}

// Where each installed package was downloaded from, read from the lockfile the install wrote.
function packageOrigins({ manager, dir }: Consumer): Origin[] {
  if (manager === 'npm') {
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; resolved?: string; link?: boolean }>;
    };
    return Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.link && entry.resolved)
      .map(([path, entry]) => ({
        name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
        version: entry.version ?? '',
        url: entry.resolved!,
      }));
  }
  const lock = parse(readFileSync(join(dir, 'pnpm-lock.yaml'), 'utf8')) as {
    packages?: Record<string, { resolution?: { tarball?: string } }>;
  };
  return Object.entries(lock.packages ?? {}).map(([key, entry]) => {
    const at = key.lastIndexOf('@');
    return { name: key.slice(0, at), version: key.slice(at + 1), url: entry.resolution?.tarball ?? '(no tarball URL)' };
  });
}

/** Compiles the consumer source as ESM and CommonJS with the project's own TypeScript, strict. */
export function compileConsumer(consumer: Consumer): string {
  writeFileSync(join(consumer.dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  const source = readFileSync(consumerSourceFile, 'utf8');
  writeFileSync(join(consumer.dir, 'src', 'consumer.mts'), source);
  writeFileSync(join(consumer.dir, 'src', 'consumer.cts'), source);
  run(join(consumer.dir, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], {
    cwd: consumer.dir,
    env: consumer.env,
    log: consumer.log,
  });
  const emitted = ['consumer.mjs', 'consumer.cjs'].filter((file) => existsSync(join(consumer.dir, 'dist', file)));
  if (emitted.length !== 2) throw new Error(`tsc emitted ${emitted.join(', ') || 'nothing'} into dist/`);
  const version = capture(join(consumer.dir, 'node_modules', '.bin', 'tsc'), ['--version'], {
    cwd: consumer.dir,
    env: consumer.env,
    log: consumer.log,
  }).trim();
  return `${version}, strict: src/consumer.mts → dist/consumer.mjs, src/consumer.cts → dist/consumer.cjs`;
}

/** Runs one build of the consumer against the mocks and checks what it printed. */
export function runConsumer(consumer: Consumer, format: 'esm' | 'cjs'): string {
  const file = join('dist', format === 'esm' ? 'consumer.mjs' : 'consumer.cjs');
  const output = capture(process.execPath, [file], { cwd: consumer.dir, env: consumer.env, log: consumer.log });
  const last = output.trim().split('\n').at(-1) ?? '';
  let result: Record<string, unknown>;
  try {
    result = JSON.parse(last);
  } catch {
    throw new Error(`node ${file} printed no result: ${output.trim() || '(nothing)'}`);
  }
  const expected = { websites: true, rows: true, items: true, refused: 'ValidationError' };
  if (JSON.stringify(result) !== JSON.stringify(expected))
    throw new Error(`node ${file} printed ${last}, expected ${JSON.stringify(expected)}`);
  return `node ${file}: both clients answered by the mocks, per_page 20 refused before sending`;
}

/** The installed command, as its users start it (`npx` or `pnpm exec`), against its embedded mocks. */
export function runContractCommand(consumer: Consumer): string {
  // --no: never download it, the installed command must run; `--` so that npx passes --json on to it.
  const [command, ...prefix] = consumer.manager === 'npm' ? ['npx', '--no', '--'] : ['pnpm', 'exec'];
  const args = [...prefix, 'tallyport-contract', '--json', 'contract-report.json'];
  run(command!, args, { cwd: consumer.dir, env: consumer.env, log: consumer.log });
  const report = JSON.parse(readFileSync(join(consumer.dir, 'contract-report.json'), 'utf8')) as {
    tool?: string;
    exitCode?: number;
    apis?: { api: string; mock?: boolean }[];
  };
  const apis = (report.apis ?? []).filter((api) => api.mock).map((api) => api.api);
  if (report.tool !== 'tallyport-contract' || report.exitCode !== 0 || apis.length !== 2)
    throw new Error(`the report says ${JSON.stringify({ tool: report.tool, exitCode: report.exitCode, apis })}`);
  return `${[command, ...args].join(' ')}: exit 0, ${apis.join(' and ')} mocks conform`;
}

/**
 * A baseline as its users take it, from the installed command against its embedded mocks, then a run held to it:
 * `tallyport-contract baseline` writes the file, and a run given `--baseline` exits 0 with every pin held.
 */
export function runBaselineCommands(consumer: Consumer): string {
  const [command, ...prefix] = consumer.manager === 'npm' ? ['npx', '--no', '--'] : ['pnpm', 'exec'];
  const options = { cwd: consumer.dir, env: consumer.env, log: consumer.log };
  run(command!, [...prefix, 'tallyport-contract', 'baseline'], options);
  const file = join(consumer.dir, 'tallyport.baseline.yaml');
  if (!existsSync(file)) throw new Error('tallyport-contract baseline wrote no tallyport.baseline.yaml');
  const held = [...prefix, 'tallyport-contract', '--baseline', 'tallyport.baseline.yaml', '--json', 'drift.json'];
  run(command!, held, options);
  const report = JSON.parse(readFileSync(join(consumer.dir, 'drift.json'), 'utf8')) as {
    exitCode?: number;
    apis?: { drift?: { pins: number; held: number; drifted: unknown[] } }[];
  };
  const drift = (report.apis ?? []).map((api) => api.drift);
  if (report.exitCode !== 0 || drift.length !== 2 || drift.some((entry) => !entry || entry.drifted.length > 0))
    throw new Error(`the run held to the baseline says ${JSON.stringify({ exitCode: report.exitCode, drift })}`);
  const pins = drift.reduce((sum, entry) => sum + entry!.pins, 0);
  return `${[command, ...prefix].join(' ')} tallyport-contract baseline, then --baseline: exit 0, ${pins} points held`;
}
