import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../src/checks/judging/types.js';
import { githubAnnotations } from '../src/report/github-annotations.js';
import { markdownText, stepSummary } from '../src/report/step-summary.js';
import type { RunResult } from '../src/report/result.js';

type Verdict = Extract<CaseResult, { status: 'fail' | 'warn' }>;

const verdict = (status: 'fail' | 'warn', title: string, reason: string): Verdict => ({
  status,
  title,
  reason,
  kind: status === 'fail' ? 'wrong-message' : 'accepted-invalid',
  basis: status === 'fail' ? 'specified' : 'convention',
  severity: status === 'fail' ? 'error' : 'warning',
  operationId: 'getItem',
  expected: 'msg 未找到任何商品',
  actual: `${reason}\nHTTP 200 (application/json) {"msg":"${reason}"}`,
  curl: "curl -sS 'http://x/50%'",
  exchangeIds: [1],
  steps: [{ exchangeId: 1, title, got: 'g', curl: "curl -sS 'http://x/50%'" }],
});

function run(cases: CaseResult[], extra: Partial<RunResult> = {}): RunResult {
  return {
    runId: 'r',
    seed: 1,
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 1500,
    requestCount: 3,
    interrupted: false,
    strict: false,
    incomplete: [],
    exitCode: 1,
    apis: [
      {
        api: 'marketplace',
        target: 'https://m.example.com',
        mock: false,
        observations: [],
        notes: [],
        leftovers: [],
        cases: { sent: 3, dropped: {}, interrupted: 0 },
        checks: [{ api: 'marketplace', check: 'documented_error_messages', description: 'd', status: 'fail', cases }],
      },
    ],
    ...extra,
  };
}

const INJECTION = 'Item not found\r\n::warning title=owned::pwned\n##vso[task.setvariable variable=x]y';

describe('GitHub annotations', () => {
  it('are one ::error per group of failures and one ::warning per group of warnings', () => {
    const lines = githubAnnotations(
      run([
        verdict('fail', 'getItem item_id=1', 'a'),
        verdict('fail', 'getItem item_id=2', 'b'),
        verdict('warn', 'w', 'c'),
      ]),
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]!.startsWith('::error title=[marketplace] documented_error_messages › getItem%3A ')).toBe(true);
    expect(lines[0]).toContain('wrong-message (2 cases)::getItem item_id=1%0A');
    expect(lines[0]).toContain('and 1 more like it');
    expect(lines[1]).toMatch(/^::warning title=.*accepted-invalid \(1 case\)::w%0Aconvention: /);
  });

  it('escape values by the workflow command rules', () => {
    const [line] = githubAnnotations(run([verdict('fail', 'a, b: c', 'x')]));
    expect(line).toContain(
      'title=[marketplace] documented_error_messages › getItem%3A wrong-message (1 case)::a, b: c%0A',
    );
    expect(line).toContain("curl: curl -sS 'http://x/50%25'");
  });

  it('keep a deployment from ending an annotation or starting a command of its own', () => {
    const lines = githubAnnotations(run([verdict('fail', INJECTION, INJECTION)]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain('\\r\\n::warning title=owned::pwned\\n\\x23#vso[');
  });

  it('cover configuration problems and incomplete runs as errors', () => {
    const result = run([], { incomplete: ['analytics: every check was skipped'], exitCode: 2 });
    result.apis[0]!.configError = 'MARKETPLACE_API_KEY is refused';
    expect(githubAnnotations(result)).toEqual([
      '::error title=tallyport-contract%3A marketplace configuration::MARKETPLACE_API_KEY is refused',
      '::error title=tallyport-contract%3A not fully checked::analytics: every check was skipped',
    ]);
  });
});

describe('the job summary', () => {
  it('gives the verdict, a table per API and each group in a code block', () => {
    const markdown = stepSummary(run([verdict('fail', 'getItem item_id=1', 'Item not found')]));
    expect(markdown).toContain('## ❌ tallyport-contract: violations found (exit 1)');
    expect(markdown).toContain('| marketplace | https://m\\.example\\.com | 0 | 1 | 0 | 0 | 3 |');
    expect(markdown).toContain('<summary>❌ marketplace · documented_error_messages › getItem: wrong-message (1 case)');
    expect(markdown).toMatch(/```text\ngetItem item_id=1\nspec: msg 未找到任何商品\ngot: {2}Item not found\n/);
  });

  it('shows deployment text inert: no link, image or HTML, and no way out of its code block', () => {
    const hostile = '![x](https://evil.example/pixel.png) <img src=x> ``` [link](https://evil.example)';
    const result = run([verdict('fail', hostile, hostile)]);
    result.apis[0]!.configError = hostile;
    const markdown = stepSummary(result);
    expect(markdown).toContain('````text');
    // Outside its code block (a fence longer than the text's backtick runs), nothing renders.
    const outside = markdown.replace(/````text\n[\s\S]*?\n````/g, '');
    expect(outside).not.toContain('<img');
    expect(outside).not.toMatch(/[^\\]\]\(/);
    expect(markdownText(hostile)).toBe(
      '\\!\\[x\\]\\(https://evil\\.example/pixel\\.png\\) &lt;img src=x\\> ' +
        '\\`\\`\\` \\[link\\]\\(https://evil\\.example\\)',
    );
  });
});
