// `tallyport-contract judge` as a user runs it (the built CLI, a file or
// stdin): secrets of the file never reach any output, whatever form they take
// there; entries that match nothing or cannot be read are listed, not judged;
// the reports follow the run's schema; bounds and bad arguments exit 2 with
// a clear line.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../../src/report/report-schema.js';
import { CLI, type CliRun, runCli } from '../cli-process.js';
import { startFakeDeployment } from '../fake-deployment/server.js';

const KEY = 'ak_live_7Hq2ZpX9vLm4Rt8s';
const WRONG_KEY = 'ak_live_0ldRevokedKey77';
const MARKET_KEY = 'mk_live_Yb3Nc8Qw1Ej6Tu5o';
const OTHER_MARKET_KEY = 'mk_live_SomeoneElse9999';
const CODE = 'c0ffee00-aaaa-4bbb-8ccc-ddddeeeeffff';
const OTHER_CODE = 'deadbeef-1234-4567-89ab-cdef01234567';
const COOKIE = 'sess_Kp92mXc71LqWz';
const NEW_COOKIE = 'sess_N3wC00kieV4lue';
const PASSWORD = 'hunter2-Horse-Battery';
const SECRETS = [KEY, WRONG_KEY, MARKET_KEY, OTHER_MARKET_KEY, CODE, OTHER_CODE, COOKIE, NEW_COOKIE, PASSWORD];

const S = 'https://stats.example.com';
const M = 'https://market.example.com';

function entry(
  method: string,
  url: string,
  status: number,
  body: unknown,
  request: { headers?: Array<[string, string]>; form?: string; json?: unknown } = {},
  responseHeaders: Array<[string, string]> = [],
) {
  return {
    startedDateTime: '2026-11-20T10:00:00.000Z',
    time: 5,
    request: {
      method,
      url,
      headers: (request.headers ?? []).map(([name, value]) => ({ name, value })),
      ...(request.form !== undefined
        ? { postData: { mimeType: 'application/x-www-form-urlencoded', text: request.form } }
        : request.json !== undefined
          ? { postData: { mimeType: 'application/json', text: JSON.stringify(request.json) } }
          : {}),
    },
    response: {
      status,
      headers: [['Content-Type', 'application/json'], ...responseHeaders].map(([name, value]) => ({ name, value })),
      content: { size: JSON.stringify(body).length, mimeType: 'application/json', text: JSON.stringify(body) },
    },
  };
}

const bearer = (key: string): Array<[string, string]> => [['Authorization', `Bearer ${key}`]];

/** A browser-like HAR whose every secret also comes back in an answer a check fails. */
const entries = [
  entry(
    'GET',
    `${S}/api/v1/websites`,
    500,
    { message: `token ${KEY} rejected, cookie ${COOKIE}` },
    { headers: [...bearer(KEY), ['Cookie', `theme=dark; session=${COOKIE}`]] },
    [['Set-Cookie', `session=${NEW_COOKIE}; HttpOnly`]],
  ),
  entry(
    'GET',
    `${S}/api/v1/websites?per_page=10`,
    500,
    { message: `old key ${WRONG_KEY}` },
    { headers: bearer(WRONG_KEY) },
  ),
  entry(
    'POST',
    `${S}/api/v1/websites`,
    500,
    { message: `password ${PASSWORD} is weak`, cookie: NEW_COOKIE },
    { headers: bearer(KEY), form: `domain=shop.example.com&privacy=2&password=${PASSWORD}` },
  ),
  entry('GET', `${M}/api/items/all?api_key=${MARKET_KEY}`, 500, { status: '错误', msg: `key ${MARKET_KEY}` }),
  entry(
    'POST',
    `${M}/api/purchases/validation`,
    500,
    { status: '错误', msg: `code ${CODE} of ${MARKET_KEY}` },
    { form: `api_key=${MARKET_KEY}&purchase_code=${CODE}` },
  ),
  entry(
    'POST',
    `${M}/api/purchases/validation`,
    500,
    { status: '错误', msg: `code ${OTHER_CODE} of ${OTHER_MARKET_KEY}` },
    { json: { api_key: OTHER_MARKET_KEY, purchase_code: OTHER_CODE } },
  ),
  entry(
    'GET',
    `${M}/api/account/details`,
    500,
    { status: '错误', msg: `X-Api-Key ${MARKET_KEY}` },
    {
      headers: [['X-Api-Key', MARKET_KEY]],
    },
  ),
  entry('GET', 'https://cdn.example.com/app.js', 200, 'console.log(1)', { headers: bearer(KEY) }),
  { comment: 'not an exchange' },
  // A request the browser cancelled: HAR writes status 0.
  { ...entry('GET', `${S}/api/v1/websites/7`, 0, '', { headers: bearer(KEY) }), response: { status: 0 } },
];

const folder = mkdtempSync(join(tmpdir(), 'tallyport-judge-cli-'));
const file = join(folder, 'session.har');
writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'Firefox', version: '1' }, entries } }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const env = {
  NO_COLOR: '1',
  ANALYTICS_API_KEY: KEY,
  MARKETPLACE_API_KEY: MARKET_KEY,
  MARKETPLACE_PURCHASE_CODE: CODE,
};

/** The CLI reading `text` on its stdin. */
function judgeStdin(args: string[], text: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'judge', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(text);
  });
}

describe('tallyport-contract judge', () => {
  it('judges the file, lists what it cannot, and prints no secret anywhere', async () => {
    const summary = join(folder, 'summary.md');
    const reports = ['--json', join(folder, 'report.json'), '--junit', join(folder, 'report.xml'), '--verbose'];
    const run = await runCli(['judge', file, ...reports], {
      ...env,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/✗ FAIL {2}analytics +not_a_server_error/);
    expect(run.stdout).toMatch(/✗ FAIL {2}marketplace +not_a_server_error/);
    expect(run.stdout).toContain('session.har: 10 entries, 7 judged, 1 matching no operation, 1 malformed');
    expect(run.stdout).toContain('1 exchange not judged: no answer was recorded (first: log.entries[9])');
    expect(run.stdout).toContain('not an operation: GET https://cdn.example.com/app.js');
    expect(run.stdout).toContain('malformed: log.entries[8]: it has no request');
    expect(run.stdout).toContain('"Authorization: Bearer $ANALYTICS_API_KEY"');
    expect(run.stdout).toContain('::error title=');
    const outputs = {
      stdout: run.stdout,
      stderr: run.stderr,
      json: readFileSync(join(folder, 'report.json'), 'utf8'),
      junit: readFileSync(join(folder, 'report.xml'), 'utf8'),
      summary: readFileSync(summary, 'utf8'),
    };
    for (const [name, text] of Object.entries(outputs))
      for (const secret of SECRETS) expect(text.includes(secret), `${name} shows ${secret.slice(0, 8)}…`).toBe(false);
    const report = JSON.parse(outputs.json) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    (addFormats as unknown as (instance: Ajv2020) => void)(ajv);
    const validate = ajv.compile(reportSchema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.recorded).toMatchObject({ entries: 10, judged: 7, unmatched: { count: 1 }, malformed: { count: 1 } });
  });

  it('finds the secrets of the file without the environment, too', async () => {
    const run = await runCli(['judge', file, '--verbose'], { NO_COLOR: '1' });
    expect(run.code).toBe(1);
    for (const secret of SECRETS) expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it('reads stdin for -, and judges one API when asked', async () => {
    const run = await judgeStdin(['-', '--api', 'marketplace', '--json', '-'], readFileSync(file, 'utf8'));
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { apis: Array<{ api: string }>; recorded: { file: string } };
    expect(report.apis.map((api) => api.api)).toEqual(['marketplace']);
    expect(report.recorded.file).toBe('-');
  });

  it('refuses a file past its bounds, and an argument that may be a key, without repeating it', async () => {
    const big = await runCli(['judge', file, '--max-file-bytes', '1024'], {});
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/is larger than 1 KiB \(\d+ KiB\): .* raise --max-file-bytes/);
    const many = await runCli(['judge', file, '--max-entries', '3'], {});
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('has more than 3 entries');
    const missing = await runCli(['judge', join(folder, 'none.har')], {});
    expect([missing.code, missing.stderr.trim().split('\n').at(-1)]).toEqual([
      2,
      `tallyport-contract judge: ${join(folder, 'none.har')}: no such file`,
    ]);
    const keyLike = await runCli(['judge', file, `--key=${MARKET_KEY}`], {});
    expect(keyLike.code).toBe(2);
    expect(keyLike.stderr + keyLike.stdout).not.toContain(MARKET_KEY);
    const help = await runCli(['judge', '--help'], {});
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: tallyport-contract judge FILE.har')]);
  });

  it('judges a HAR the tester wrote itself (--har): its placeholders as its keys, cut bodies skipped', async () => {
    const fake = await startFakeDeployment();
    try {
      const har = join(folder, 'run.har');
      const deployment = {
        MARKETPLACE_BASE_URL: fake.marketplaceUrl,
        MARKETPLACE_API_KEY: fake.keys.marketplace,
        MARKETPLACE_EMPTY_API_KEY: fake.keys.emptyMarketplace,
      };
      const run = await runCli(['--api', 'marketplace', '--max-requests-per-second', '0', '--har', har], deployment);
      expect(run.code, run.stdout.slice(-2000)).toBe(0);
      expect(readFileSync(har, 'utf8')).toContain('$MARKETPLACE_API_KEY');
      const judged = await runCli(['judge', har], { NO_COLOR: '1', ...deployment });
      expect(judged.code, judged.stdout.slice(-3000)).toBe(0);
      expect(judged.stdout).toMatch(/✓ pass {2}marketplace +ignored_auth/);
      expect(judged.stdout).toContain(
        'not judged: its body was cut to 2000 characters by the tool that wrote the file',
      );
    } finally {
      await fake.close();
    }
  });

  it('exits 2 when nothing in the file is an operation of the specs', async () => {
    const other = join(folder, 'other.har');
    writeFileSync(other, JSON.stringify({ log: { version: '1.2', entries: [entries[7]] } }));
    const run = await runCli(['judge', other], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('not fully checked: no entry of the file matched an operation of the specs');
  });
});
