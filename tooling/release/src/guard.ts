// The spec-change guard: classifies every change of every spec since the last
// release, checks that info.version moved by exactly the kind of change, and
// that each public package is released with at least the required bump (from
// pending changesets, or already applied by `changeset version`).
import type { SpecChange } from './change.js';
import { diffSpecs } from './diff-spec.js';
import { covers, maxLevel, type BumpLevel } from './levels.js';
import { OpenApiDocument } from './openapi-document.js';
import { publicPackages } from './public-packages.js';
import type { CurrentState, ReleasedState } from './released-state.js';
import { bumpBetween, bumped } from './version-bump.js';

export interface GuardInput {
  released: ReleasedState;
  current: CurrentState;
  /** Package name → release kind, from the pending changesets. */
  pending: Record<string, BumpLevel>;
}

export interface SpecReport {
  spec: string;
  changes: SpecChange[];
  required: BumpLevel | 'none';
  releasedVersion: string | undefined;
  currentVersion: string | undefined;
}

export interface PackageReport {
  name: string;
  required: BumpLevel | 'none';
  pending: BumpLevel | 'none';
  /** Already applied to package.json since the release (after `changeset version`). */
  applied: BumpLevel | 'none';
  releasedVersion: string | undefined;
  currentVersion: string | undefined;
  ok: boolean;
}

export interface GuardReport {
  source: string;
  specs: SpecReport[];
  packages: PackageReport[];
  problems: string[];
  ok: boolean;
}

export async function runGuard({ released, current, pending }: GuardInput): Promise<GuardReport> {
  const problems: string[] = [];
  const names = [...new Set([...Object.keys(released.specs), ...Object.keys(current.specs)])].sort();
  const specs = await Promise.all(names.map((spec) => compareSpec(spec, released.specs[spec], current.specs[spec])));
  for (const report of specs) {
    const versionProblem = checkInfoVersion(report);
    if (versionProblem) problems.push(versionProblem);
  }

  const required = specs.reduce<BumpLevel | 'none'>((level, spec) => maxLevel(level, spec.required), 'none');
  const reasons = specs.flatMap((spec) =>
    spec.changes.filter((c) => c.level === required).map((c) => `${spec.spec}: ${c.where}: ${c.what}`),
  );

  const packages = publicPackages.map(({ name }): PackageReport => {
    const releasedVersion = released.packageVersions[name];
    const currentVersion = current.packageVersions[name];
    const step = releasedVersion && currentVersion ? bumpBetween(releasedVersion, currentVersion) : 'none';
    const applied = step === 'backwards' || step === 'invalid' ? 'none' : step;
    if (step === 'backwards')
      problems.push(`${name}: version ${currentVersion} is lower than the released ${releasedVersion}`);
    if (step === 'invalid')
      problems.push(`${name}: version ${currentVersion} or released ${releasedVersion} is not semver`);
    const pendingLevel = pending[name] ?? 'none';
    const granted = maxLevel<BumpLevel | 'none'>(pendingLevel, applied);
    // A package never released has no user a spec change could break: its first release takes any version.
    const ok = releasedVersion === undefined || covers(granted, required);
    return { name, required, pending: pendingLevel, applied, releasedVersion, currentVersion, ok };
  });

  const short = packages.filter((pkg) => !pkg.ok);
  if (short.length > 0) {
    problems.push(
      [
        `the spec changes need a ${required} release of ${short.map((p) => p.name).join(', ')}:`,
        ...short.map((p) => `      ${p.name}: ${describeGranted(p.pending, p.applied)}`),
        `    because:`,
        ...reasons.map((r) => `      ${r}`),
        `    Fix: add a changeset (\`pnpm changeset\`) that gives ${short.length > 1 ? 'each of them' : 'it'} ` +
          `a ${required} bump.`,
      ].join('\n'),
    );
  }

  return { source: released.source, specs, packages, problems, ok: problems.length === 0 };
}

function describeGranted(pending: BumpLevel | 'none', applied: BumpLevel | 'none'): string {
  const parts = [
    pending === 'none' ? 'no pending changeset names it' : `the pending changesets give it only ${pending}`,
  ];
  if (applied !== 'none') parts.push(`its version was already raised by ${applied}`);
  return parts.join(' and ');
}

async function compareSpec(
  spec: string,
  releasedText: string | undefined,
  currentText: string | undefined,
): Promise<SpecReport> {
  const released =
    releasedText === undefined ? undefined : await OpenApiDocument.parse(releasedText, `released ${spec}`);
  const current = currentText === undefined ? undefined : await OpenApiDocument.parse(currentText, spec);
  let changes: SpecChange[];
  if (released && current) changes = diffSpecs(released, current);
  else if (current) changes = [{ level: 'minor', where: spec, what: 'spec added' }];
  else changes = [{ level: 'major', where: spec, what: 'spec removed' }];
  const required = changes.reduce<BumpLevel | 'none'>((level, change) => maxLevel(level, change.level), 'none');
  return { spec, changes, required, releasedVersion: released?.version, currentVersion: current?.version };
}

// The rule of tooling/release/README.md: info.version moves by exactly the
// largest kind of change since the last release, and not at all without one.
function checkInfoVersion(report: SpecReport): string | undefined {
  const { spec, required, releasedVersion, currentVersion } = report;
  if (releasedVersion === undefined || currentVersion === undefined) return undefined;
  const step = bumpBetween(releasedVersion, currentVersion);
  if (step === 'invalid') return `${spec}: info.version ${currentVersion} is not semver (major.minor.patch)`;
  if (step === 'backwards') return `${spec}: info.version went back from ${releasedVersion} to ${currentVersion}`;
  if (step === required) return undefined;
  const moved = `from ${releasedVersion} to ${currentVersion}`;
  if (required === 'none') return `${spec}: info.version changed ${moved} but the description did not change`;
  const expected = `${releasedVersion} → ${bumped(releasedVersion, required)}`;
  const need = `the changes since the release need a ${required} bump of info.version (${expected})`;
  return `${spec}: ${need}, found ${currentVersion}`;
}
