#!/usr/bin/env node
// `pnpm release:rehearse [--keep] [--log FILE]`: the whole release, end to end, against a throwaway local
// registry, in a temporary clone, before a maintainer runs the real `pnpm release` (tooling/release/README.md).
// One line per step; the last line says `release rehearsal: ok (...)` (exit 0) or names the step that failed
// (exit 1). --keep keeps the temporary folder; --log FILE writes every command's output there (CI reads the
// test counts of `pnpm release` from it).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { rehearse } from './rehearsal/rehearse.js';
import type { Rehearsal } from './rehearsal/steps.js';

const { values } = parseArgs({
  options: { keep: { type: 'boolean', default: false }, root: { type: 'string' }, log: { type: 'string' } },
});
const source = execFileSync('git', ['rev-parse', '--show-toplevel'], {
  cwd: resolve(values.root ?? process.cwd()),
  encoding: 'utf8',
}).trim();

let current: Rehearsal | undefined;
// Ctrl-C or a kill: the registry goes with the process (its exit hook), the temporary folder is removed here.
const interrupted = (signal: NodeJS.Signals) => {
  console.log(`release rehearsal: interrupted (${signal})`);
  if (current && !values.keep) rmSync(current.work, { recursive: true, force: true });
  process.exit(130);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

rehearse({
  source,
  keep: values.keep,
  ...(values.log ? { log: resolve(values.log) } : {}),
  onStart: (rehearsal) => {
    current = rehearsal;
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.log(`release rehearsal: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
