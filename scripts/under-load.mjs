// `pnpm test:under-load`: runs a command with busy-loop processes beside it
// (two by default, one per core of the two-core machines we and our users
// test on), so a test that only passes on an idle machine fails here and not
// on someone's laptop or a shared CI runner. The busy loops end with the
// command, whatever ends it: its exit, a failure, a signal to this script, or
// this script being killed (each loop watches that its parent is still there).
//
//   node scripts/under-load.mjs [--busy N] -- command [args...]
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split === -1 ? [] : args.slice(0, split);
const command = split === -1 ? args : args.slice(split + 1);
const busyAt = options.indexOf('--busy');
const busy = busyAt === -1 ? 2 : Number(options[busyAt + 1]);
if (command.length === 0 || !Number.isInteger(busy) || busy < 0) {
  console.error('usage: node scripts/under-load.mjs [--busy N] -- command [args...]');
  process.exit(2);
}

// A loop that never yields, but looks up its parent now and then (a few times a second): orphaned, it ends.
const LOOP = `const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) break;`;
const loops = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' }));
const stopLoops = () => {
  for (const loop of loops) if (loop.exitCode === null && loop.signalCode === null) loop.kill('SIGKILL');
};
process.on('exit', stopLoops);

console.error(
  `under load: ${busy} busy-loop process${busy === 1 ? '' : 'es'} beside \`${command.join(' ')}\` ` +
    `(${availableParallelism()} cores)`,
);
const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopLoops();
    child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`under load: could not start ${command[0]}: ${error.message}`);
  stopLoops();
  process.exit(2);
});
child.on('exit', (code, signal) => {
  stopLoops();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(`under load: ${signal ? `ended by ${signal}` : `exit ${code}`} after ${seconds} s`);
  process.exit(code ?? 1);
});
