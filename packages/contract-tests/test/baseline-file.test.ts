// The baseline file on its own: what is wrong with one is named by its line before anything is sent, a baseline
// taken again that pins the same is the same file, and the options that read and write it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiBaseline, BaselineError, parseBaseline } from '../src/baseline/overlay-read.js';
import { baselineActions, baselineOverlay, baselineText } from '../src/baseline/overlay-write.js';
import { ConfigError, parseConfig } from '../src/cli/config/parse.js';
import { parseJudgeArgs } from '../src/cli/judge.js';
import { observePoints } from '../src/observations/observe.js';
import { specModels } from '../src/spec/models.js';
import { recordedRun } from './checks/recorded.js';

const folder = mkdtempSync(join(tmpdir(), 'tallyport-baseline-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const missing = { family: 'auth' as const, auth: 'missing' as const, expect: 'refusal' as const };
const points = observePoints(
  recordedRun([
    { operationId: 'listWebsites', status: 200, body: { data: [{ id: 42, domain: 'shop.lunaria.cn' }] } },
    { operationId: 'listWebsites', status: 401, body: { message: 'Unauthenticated.' }, case: missing },
  ]),
);
const overlay = (runId: string) =>
  baselineOverlay(baselineActions('analytics', specModels.analytics, points), { runId, date: '2026-11-26' }, {});

describe('a baseline file', () => {
  it('names the line of what is not YAML, not an overlay, or not a statement it knows', () => {
    expect(() => parseBaseline('overlay: 1.0.0\nactions: [\n', 'b.yaml')).toThrow(/^b\.yaml:\d+: not YAML/);
    expect(() => parseBaseline('overlay: 1.0.0\ninfo: {title: t, version: "1"}\n', 'b.yaml')).toThrow(
      /b\.yaml: not a baseline overlay/,
    );
    const text = baselineText(overlay('r')).replace('point: status', 'point: statuses');
    const line = text.split('\n').findIndex((entry) => entry.includes('description: "listWebsites: HTTP 200'));
    expect(() => parseBaseline(text, 'b.yaml')).toThrow(new RegExp(`^b\\.yaml:${line}: not a baseline overlay`));
  });

  it('names the line of an action whose target the spec does not hold (a baseline of another spec)', async () => {
    const text = baselineText(overlay('r')).replace("$.paths['/api/v1/websites']", "$.paths['/api/v0/websites']");
    const line = text.split('\n').findIndex((entry) => entry.includes('/api/v0/websites')) + 1;
    await expect(apiBaseline(parseBaseline(text, 'b.yaml'), 'analytics')).rejects.toThrow(
      new RegExp(`^b\\.yaml:${line}: the target .* is not in the analytics spec`),
    );
    await expect(apiBaseline(parseBaseline(text, 'b.yaml'), 'analytics')).rejects.toBeInstanceOf(BaselineError);
  });

  it('is left as it was when taken again pinning the same, and names the run and date only in info', () => {
    const first = baselineText(overlay('20261126-aaaaaa'));
    expect(baselineText(overlay('20261127-bbbbbb'), first)).toBe(first);
    const actions = first.slice(first.indexOf('\nactions:\n'));
    expect(actions).not.toMatch(/2026|aaaaaa/);
    expect(first).toContain('run: 20261126-aaaaaa');
  });
});

describe('the baseline options', () => {
  const env = { ANALYTICS_BASE_URL: 'http://127.0.0.1:1', ANALYTICS_API_KEY: 'k' };

  it('baseline writes tallyport.baseline.yaml, or the file -o names; a run reads the file --baseline names', () => {
    expect(parseConfig(['baseline'], env, folder)).toMatchObject({
      command: 'baseline',
      baselineFile: 'tallyport.baseline.yaml',
    });
    expect(parseConfig(['baseline', '-o', 'b.yaml'], env, folder).baselineFile).toBe('b.yaml');
    const run = parseConfig(['--baseline', 'b.yaml'], env, folder);
    expect(run.run.baseline).toBe('b.yaml');
    expect(run.baselineFile).toBeUndefined();
    const update = parseConfig(['--baseline', 'b.yaml', '--update-baseline'], env, folder);
    expect(update).toMatchObject({ command: 'run', baselineFile: 'b.yaml' });
    expect(update.run.baseline).toBeUndefined();
  });

  it('judge takes --baseline too', () => {
    expect(parseJudgeArgs(['recorded.har', '--baseline', 'b.yaml'], {}).options.baseline).toBe('b.yaml');
  });

  it('reads baseline from the config file, and refuses --update-baseline with nothing to rewrite', () => {
    writeFileSync(join(folder, 'tallyport.config.json'), JSON.stringify({ baseline: 'from-file.yaml' }));
    expect(parseConfig([], env, folder).run.baseline).toBe('from-file.yaml');
    rmSync(join(folder, 'tallyport.config.json'));
    expect(() => parseConfig(['--update-baseline'], env, folder)).toThrow(ConfigError);
    expect(() => parseConfig(['--overlaid-spec', 'analytics'], env, folder)).toThrow(/needs the baseline/);
  });
});
