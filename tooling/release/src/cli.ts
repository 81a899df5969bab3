#!/usr/bin/env node
// tallyport-spec-guard [--root <repo>] [--json]
// Prints every classified spec change since the last release and exits 1
// when the pending release does not cover them.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pendingBumps, readPendingChangesets } from './changesets.js';
import { formatReport } from './format-report.js';
import { runGuard } from './guard.js';
import { readCurrentState, readReleasedState } from './released-state.js';

function findWorkspaceRoot(from: string): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No pnpm-workspace.yaml above ${from}; pass --root`);
    dir = parent;
  }
  return dir;
}

try {
  const { values } = parseArgs({ options: { root: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const rootDir = values.root ? resolve(values.root) : findWorkspaceRoot(process.cwd());
  const current = readCurrentState(rootDir);
  const released = readReleasedState(rootDir, Object.keys(current.specs));
  const pending = pendingBumps(readPendingChangesets(join(rootDir, '.changeset')));
  const report = await runGuard({ released, current, pending });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`spec-change guard: ${(error as Error).message}`);
  process.exitCode = 2;
}
