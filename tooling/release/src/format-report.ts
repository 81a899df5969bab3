import type { GuardReport } from './guard.js';

const mark = (ok: boolean) => (ok ? 'ok' : 'FAIL');

/** The guard's findings as plain text: every classified change, then the verdict. */
export function formatReport(report: GuardReport): string {
  const lines = [`Spec-change guard: comparing specs/*.yaml with ${report.source}`, ''];
  for (const spec of report.specs) {
    const from = spec.releasedVersion ? `${spec.releasedVersion} → ` : '';
    const versions = `info.version ${from}${spec.currentVersion ?? '(removed)'}`;
    if (spec.changes.length === 0) {
      lines.push(`${spec.spec} (${versions}): no change`);
      continue;
    }
    const count = `${spec.changes.length} change${spec.changes.length > 1 ? 's' : ''}`;
    lines.push(`${spec.spec} (${versions}): ${count}, needs a ${spec.required} release`);
    for (const level of ['major', 'minor', 'patch'] as const) {
      for (const change of spec.changes.filter((c) => c.level === level))
        lines.push(`  ${level.padEnd(5)}  ${change.where}: ${change.what}`);
    }
  }
  lines.push('', 'Packages:');
  for (const pkg of report.packages) {
    const versions =
      pkg.releasedVersion && pkg.currentVersion && pkg.releasedVersion !== pkg.currentVersion
        ? `${pkg.releasedVersion} → ${pkg.currentVersion}`
        : (pkg.currentVersion ?? '?');
    const verdict =
      pkg.releasedVersion === undefined
        ? `first release (never released, so no spec change can break a user), pending changesets ${pkg.pending}`
        : `needs ${pkg.required}, pending changesets ${pkg.pending}, already applied ${pkg.applied}`;
    lines.push(`  ${mark(pkg.ok).padEnd(4)}  ${pkg.name} ${versions}: ${verdict}`);
  }
  if (report.problems.length > 0) {
    lines.push(
      '',
      `The release is blocked (${report.problems.length} problem${report.problems.length > 1 ? 's' : ''}):`,
    );
    for (const problem of report.problems) lines.push(`  - ${problem}`);
  } else {
    lines.push('', 'The pending release covers every spec change.');
  }
  return lines.join('\n');
}
