// JUnit XML for CI: one testsuite per API, one testcase per check case, with
// the same spec / answer / curl as the console.
import type { RunResult } from '../runner.js';

const escapeXml = (text: string): string =>
  text
    // XML 1.0 forbids most control characters, even escaped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function junitReport(result: RunResult): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const api of result.apis) {
    const cases: string[] = [];
    let suiteFailures = 0;
    let suiteSkipped = 0;
    if (api.configError) {
      suiteFailures++;
      cases.push(
        `    <testcase classname="${api.api}" name="configuration">` +
          `<error message="${escapeXml(api.configError)}"/></testcase>`,
      );
    }
    for (const check of api.checks) {
      const time = '0.000';
      for (const entry of check.cases) {
        const name = escapeXml(`${check.check} › ${entry.title}`);
        const open = `    <testcase classname="${api.api}.${check.check}" name="${name}" time="${time}"`;
        if (entry.status === 'pass') cases.push(`${open}/>`);
        else if (entry.status === 'skip' || entry.status === 'interrupted') {
          suiteSkipped++;
          cases.push(`${open}><skipped message="${escapeXml(entry.reason ?? '')}"/></testcase>`);
        } else if (entry.status === 'warn') {
          // JUnit has no warnings: a convention that did not hold passes, with its evidence beside it.
          cases.push(
            `${open}><system-out>${escapeXml(`warning (convention): ${entry.expected}\ngot: ${entry.actual}`)}` +
              '</system-out></testcase>',
          );
        } else {
          suiteFailures++;
          const body = [
            `spec: ${entry.expected ?? ''}`,
            `got: ${entry.actual ?? ''}`,
            ...(entry.curl ? [`curl: ${entry.curl}`] : []),
          ].join('\n');
          cases.push(
            `${open}><failure message="${escapeXml(entry.reason ?? 'failed')}">${escapeXml(body)}</failure></testcase>`,
          );
        }
      }
    }
    tests += cases.length;
    failures += suiteFailures;
    skipped += suiteSkipped;
    const out =
      api.observations.length > 0 ? `\n    <system-out>${escapeXml(api.observations.join('\n'))}</system-out>` : '';
    suites.push(
      `  <testsuite name="${api.api}" tests="${cases.length}" failures="${suiteFailures}" skipped="${suiteSkipped}" ` +
        `timestamp="${result.startedAt}" hostname="${escapeXml(api.target)}">\n` +
        `${cases.join('\n')}${out}\n  </testsuite>`,
    );
  }
  const totals = `tests="${tests}" failures="${failures}" skipped="${skipped}"`;
  const time = (result.durationMs / 1000).toFixed(3);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="tallyport-contract" ${totals} time="${time}">\n${suites.join('\n')}\n</testsuites>\n`
  );
}
