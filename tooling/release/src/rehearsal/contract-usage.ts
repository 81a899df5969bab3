// The contract tester's two ways in that are not a run, as a consumer project uses them once installed from
// the registry: `tallyport-contract judge` on traffic it recorded (the stateful mock started with the
// installed `tallyport-mock --stateful`, a run against it recorded with `--har`, the file judged), and a
// vitest file that registers the checks with `@tallyport/contract-tests/vitest`, run by the consumer's vitest
// with its JUnit reporter. The stateful mock listens on free 127.0.0.1 ports with its own demo keys; its
// address and keys are the only deployment variables a command of the rehearsal is given.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './command.js';
import type { Consumer } from './consumer.js';
import { stopChild } from './local-registry.js';

/** The consumer's vitest file (consumer/contract.test.ts): the marketplace checks against the embedded mock. */
export const vitestFileSource = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'consumer',
  'contract.test.ts',
);

/** How the consumer's package manager runs an installed command. */
const runner = (consumer: Consumer): string[] =>
  consumer.manager === 'npm' ? ['npx', '--no', '--'] : ['pnpm', 'exec'];

interface StatefulMock {
  child: ChildProcess;
  env: Record<string, string>;
}

/**
 * Starts the installed `tallyport-mock --stateful` on free ports; resolves once it printed both addresses. Its bin
 * is started itself, not through npx or pnpm, so that stopping it stops the mock and not only its launcher.
 */
function startStatefulMock(consumer: Consumer): Promise<StatefulMock> {
  const bin = join(consumer.dir, 'node_modules', '.bin', 'tallyport-mock');
  const args = ['--stateful', '--analytics-port', '0', '--marketplace-port', '0'];
  const child = spawn(bin, args, { cwd: consumer.dir, env: consumer.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      child.stdout.off('data', read);
      child.off('exit', exited);
      child.off('error', fail);
    };
    const fail = (error: Error) => {
      settle();
      child.kill('SIGKILL');
      reject(error);
    };
    const exited = (code: number | null) => fail(new Error(`tallyport-mock exited with ${code}: ${printed}`));
    const timer = setTimeout(() => fail(new Error(`tallyport-mock printed no addresses in 60 s: ${printed}`)), 60_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const analytics = /analytics mock ready on (\S+)[\s\S]*?\n {2}key: (\S+)/.exec(printed);
      const market = /marketplace mock ready on (\S+)[\s\S]*?key with records: (\S+), key without records: (\S+)/.exec(
        printed,
      );
      const code = /valid purchase_code values:\n {4}(\S+)/.exec(printed);
      if (!analytics || !market || !code) return;
      settle();
      resolve({
        child,
        env: {
          ANALYTICS_BASE_URL: analytics[1]!,
          ANALYTICS_API_KEY: analytics[2]!,
          MARKETPLACE_BASE_URL: market[1]!,
          MARKETPLACE_API_KEY: market[2]!,
          MARKETPLACE_EMPTY_API_KEY: market[3]!,
          MARKETPLACE_PURCHASE_CODE: code[1]!,
        },
      });
    };
    child.on('error', fail);
    child.on('exit', exited);
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  });
}

/** A run against the stateful mock recorded as a HAR, then the file judged by the installed command. */
export async function judgeRecordedTraffic(consumer: Consumer): Promise<string> {
  const mock = await startStatefulMock(consumer);
  const options = { cwd: consumer.dir, env: { ...consumer.env, ...mock.env }, log: consumer.log };
  const [command, ...prefix] = runner(consumer);
  try {
    const record = ['--allow-writes', '--max-requests-per-second', '0', '--har', 'recorded.har'];
    run(command!, [...prefix, 'tallyport-contract', ...record], options);
    run(command!, [...prefix, 'tallyport-contract', 'judge', 'recorded.har', '--json', 'judged.json'], options);
  } finally {
    await stopChild(mock.child);
  }
  const report = JSON.parse(readFileSync(join(consumer.dir, 'judged.json'), 'utf8')) as {
    tool?: string;
    exitCode?: number;
    requestCount?: number;
    recorded?: { entries: number; judged: number };
    apis?: Array<{ api: string }>;
  };
  const apis = (report.apis ?? []).map((api) => api.api);
  const judged = report.recorded?.judged ?? 0;
  const entries = report.recorded?.entries ?? 0;
  if (report.tool !== 'tallyport-contract' || report.exitCode !== 0 || apis.length !== 2 || judged !== entries)
    throw new Error(`the judge's report says ${JSON.stringify({ ...report, apis })}`.slice(0, 600));
  if (report.requestCount !== 0) throw new Error(`the judge sent ${report.requestCount} requests`);
  return (
    `${[command, ...prefix].join(' ')} tallyport-contract judge recorded.har: exit 0, all ${entries} recorded ` +
    `entries judged (${apis.join(' and ')}), nothing sent`
  );
}

/** The consumer's vitest file, run by its vitest with the JUnit reporter: a test per check, all passing or skipped. */
export function runVitestFile(consumer: Consumer): string {
  writeFileSync(join(consumer.dir, 'contract.test.ts'), readFileSync(vitestFileSource, 'utf8'));
  const [command, ...prefix] = runner(consumer);
  const junit = join(consumer.dir, 'vitest-junit.xml');
  const args = [...prefix, 'vitest', 'run', 'contract.test.ts', '--reporter=junit', `--outputFile=${junit}`];
  run(command!, args, { cwd: consumer.dir, env: consumer.env, log: consumer.log });
  const xml = readFileSync(junit, 'utf8');
  const names = [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)"/g)].map((match) => match[1]!);
  if (names.length === 0 || !names.every((name) => name.startsWith('marketplace &gt; ')))
    throw new Error(`vitest's JUnit report names ${names.join(', ') || 'no test'}`);
  if (/<failure/.test(xml)) throw new Error('a contract test failed in vitest');
  const shown = [command, ...prefix, 'vitest run contract.test.ts'].join(' ');
  return `${shown}: ${names.length} tests (a check each), exit 0`;
}
