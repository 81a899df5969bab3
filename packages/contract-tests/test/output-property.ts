// The property every output of a run holds, whatever a deployment answers: no
// key and no piece of six of its characters (in any form a reader can copy
// back), reports that parse (the JSON report against its schema, the HAR,
// well-formed JUnit XML), and no raw control character in the console (nor
// anything else that acts on a terminal or a CI log).
// Answers are made of random control characters, escapes (as text and as
// escape sequences), surrogates, invisible characters, and pieces of every
// key at every offset and in every case, a control character whose visible
// escape ends with a key's first character among them. Each case goes the
// whole way: the answers are read as the run reads them (answers/answer.ts),
// judged into failures (checks/evidence.ts, titles cut as cases cut them),
// cleaned as the runner cleans a result, then printed and written as the CLI
// does (run-outputs.ts). Shared by the test suite (a few thousand cases) and
// `pnpm bench` (many more).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { expect } from 'vitest';
import { type Answer, readAnswer } from '../src/answers/answer.js';
import { caseTitle } from '../src/cases/types.js';
import { CHECKS } from '../src/registry/index.js';
import { fail } from '../src/checks/judging/evidence.js';
import type { CaseResult } from '../src/checks/judging/types.js';
import { parseBoundedJson } from '../src/transport/json.js';
import { secretRedactor } from '../src/report/redactor.js';
import { secret } from '../src/spec/secrets.js';
import type { Exchange } from '../src/transport/transport.js';
import { ownText } from '../src/report/own-text.js';
import { reportSchema } from '../src/report/report-schema.js';
import { summarise } from '../src/run/contract.js';
import type { RunResult } from '../src/report/result.js';
import { specModels } from '../src/spec/models.js';
import { escapeEndingWith } from './fake-deployment/hostile.js';
import { expectInertConsole } from './inert-console.js';
import { OUTPUT_NAMES, type RunOutputs, runOutputs } from './run-outputs.js';
import { xmlProblems } from './xml-well-formed.js';

/** Random keys of the shapes real ones take; each starts with a character a visible escape can end with. */
export const PROPERTY_KEYS = {
  ANALYTICS_API_KEY: 'bq8vX2mN4kLpHy7tR3wB9cDsQeJ6uYh0TzWfA',
  MARKETPLACE_API_KEY: '7f5gK1uE6oVaPm2nQ8sT4yWxRbLc',
  MARKETPLACE_EMPTY_API_KEY: 'a_k9-Xw2.Qz7~Lm4+Tr8/Vb6=Hx3',
  MARKETPLACE_PURCHASE_CODE: 'e41c9d2a-7b3f-4e8a-9c1d-5f6a7b8c9d0e',
} as const;
const KEYS = Object.values(PROPERTY_KEYS);

const redactor = secretRedactor(PROPERTY_KEYS);
const validateReport = (() => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  (addFormats as unknown as (instance: Ajv2020) => void)(ajv);
  return ajv.compile(reportSchema);
})();

const casings: Record<string, (text: string) => string> = {
  'as is': (text) => text,
  upper: (text) => text.toUpperCase(),
  lower: (text) => text.toLowerCase(),
  alternating: (text) => [...text].map((char, at) => (at % 2 ? char.toUpperCase() : char.toLowerCase())).join(''),
};

const keyPiece = fc
  .record({
    key: fc.constantFrom(...KEYS),
    at: fc.nat({ max: 40 }),
    length: fc.integer({ min: 1, max: 40 }),
    casing: fc.constantFrom(...Object.keys(casings)),
  })
  .map(({ key, at, length, casing }) => casings[casing]!(key.slice(at % key.length, (at % key.length) + length)));

const atom = fc.oneof(
  { weight: 4, arbitrary: keyPiece },
  { weight: 2, arbitrary: fc.constantFrom(...KEYS).map((key) => `${escapeEndingWith(key[0]!)}${key.slice(1)}`) },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0, max: 0x3f }).map((code) => String.fromCharCode(code < 0x20 ? code : code + 0x60)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u001b[31m',
      '\u001b]52;c;eA==\u0007',
      '\\x1b[2J',
      '\\u001b',
      '\\u200b',
      '\\n',
      '\\\\',
      '\\"',
      '%0A',
      '&#10;',
      '&amp;',
      '##vso[',
      '::warning ::',
      ']]>',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom('\ud800', '\udfff', '😀', '\ud83d', '\ufffe', '\uffff') },
  { weight: 1, arbitrary: fc.constantFrom('\u200b', '\u00ad', '\u202e', '\u2066', '\ufeff', '\u2028', '\u0085') },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
);

/** A text a deployment sends: atoms side by side, sometimes JSON-quoted as a check quotes a value it shows. */
const hostileText = fc
  .tuple(fc.array(atom, { minLength: 1, maxLength: 8 }), fc.boolean())
  .map(([atoms, quoted]) => (quoted ? JSON.stringify(atoms.join('')) : atoms.join('')));

/** An answer's body: the texts as values of a JSON object, or as a body that is not JSON. */
const body = fc
  .tuple(fc.array(hostileText, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([texts, json]) =>
    json ? JSON.stringify({ data: texts.map((domain, id) => ({ id, domain })) }) : texts.join(''),
  );

export interface OutputCase {
  bodies: string[];
  texts: string[];
  colour: boolean;
}

export const outputCase: fc.Arbitrary<OutputCase> = fc.record({
  bodies: fc.array(body, { minLength: 1, maxLength: 3 }),
  texts: fc.array(hostileText, { minLength: 12, maxLength: 12 }),
  colour: fc.boolean(),
});

const model = specModels.analytics;

/** An exchange of the website list that sent `search` and got `text` back, read as the run reads it. */
function answerOf(id: number, text: string, search: string, header: string): Answer {
  const parsed = parseBoundedJson(text);
  const values = { search, per_page: '10' };
  const exchange: Exchange = {
    id,
    template: {
      api: 'analytics',
      operationId: 'listWebsites',
      method: 'GET',
      baseUrl: 'http://127.0.0.1:1',
      path: '/api/v1/websites',
      query: Object.entries(values),
      headers: [['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')]],
      label: `listWebsites search=${search}`,
    },
    case: {
      key: `listWebsites valid search=${search}`,
      family: 'derived',
      operationId: 'listWebsites',
      title: caseTitle('listWebsites', values),
      values,
      auth: 'valid',
      expect: 'success',
    },
    response: {
      status: id % 2 ? 200 : 500,
      contentType: 'application/json',
      headers: { 'x-echo': header, 'set-cookie': 'sid=1' },
      text,
      ...(parsed.ok ? { json: parsed.value } : { jsonError: parsed.error }),
    },
    attempts: 1,
    startedAt: id,
    durationMs: 3,
  };
  return readAnswer(exchange, { api: 'analytics', model, redact: (line) => redactor.text(line) });
}

/** A run whose answers are the case's bodies and whose every text a check shows is one of the case's texts. */
function runOf({ bodies, texts }: OutputCase): { result: RunResult; exchanges: Map<'analytics', Exchange[]> } {
  const text = (at: number) => texts[at % texts.length]!;
  const answers = bodies.map((answer, index) => answerOf(index + 1, answer, text(index), text(index + 1)));
  const verdicts: CaseResult[] = answers.map((answer, index) =>
    fail('filter-ignored', answer, text(index + 2), text(index + 3), {
      basis: index % 2 ? 'specified' : 'convention',
      related: answers.filter((other) => other !== answer),
    }),
  );
  verdicts.push({ status: 'skip', title: text(4), reason: text(5) });
  // Cleaned as the runner cleans what it returns (runner.ts): values, then the lines of `incomplete`.
  const checks = [
    summarise('analytics', CHECKS[0]!, verdicts),
    summarise('analytics', CHECKS[1]!, [{ status: 'skip', title: text(6), reason: text(7) }]),
  ].map((check) => redactor.value(check));
  const result: RunResult = {
    runId: 'property',
    seed: 1,
    startedAt: '2026-11-25T00:00:00.000Z',
    durationMs: 10,
    requestCount: answers.length,
    interrupted: false,
    strict: false,
    incomplete: [text(8)].map((line) => redactor.text(line)),
    exitCode: 1,
    apis: [
      {
        api: 'analytics',
        target: 'http://127.0.0.1:1',
        mock: false,
        checks,
        observations: redactor.value([text(9)]),
        notes: redactor.value([text(10)]),
        leftovers: redactor.value([text(11)]),
        configError: redactor.text(text(3)),
        cases: { sent: answers.length, dropped: {}, interrupted: 0 },
      },
    ],
  };
  return { result, exchanges: new Map([['analytics', answers.map((answer) => answer.exchange)]]) };
}

// What a reader copies back from a line: escapes of characters that do not show (colour codes, controls,
// invisible characters, escaped line breaks, in JSON, XML or a console) left out, runs of backslashes as one, any
// case. The line breaks of the output itself (raw, a workflow command's `%0A`, XML's `&#10;`) end a line: a piece
// is looked for in each line, a whole key in the lines joined.
const UNSEEN = new RegExp(
  [
    '(?:\\u001b|\\\\+u001b|\\\\+x1b)\\[[0-?]*[ -/]*[@-~]',
    '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]',
    '\\\\+u(?:00[0189][0-9a-f]|007f|00ad|034f|061c|180e|200[b-f]|202[a-e]|206[0-9]|feff)',
    '\\\\+x(?:[0189][0-9a-f]|7f)',
    '\\\\+[rn]',
  ].join('|'),
  'gi',
);
const LINE_BREAK = /\r\n|\r|\n|%0[ad]|&#1[03];/i;
const asRead = (text: string): string => text.replace(UNSEEN, '').replace(/\\+/g, '\\').toLowerCase();

const bytesOf = (text: string) => [...new TextEncoder().encode(text)];
const hex = (text: string, before = '') =>
  bytesOf(text)
    .map((byte) => `${before}${byte.toString(16).padStart(2, '0')}`)
    .join('');
// Six characters of a key, in each form a key is looked for in.
const FORMS: Array<(piece: string) => string> = [
  (piece) => piece,
  (piece) => encodeURIComponent(piece),
  (piece) => hex(piece),
  (piece) => hex(piece, '%'),
];
const base64Windows = (key: string): string[] => {
  const form = btoa(String.fromCharCode(...bytesOf(key))).slice(0, -4);
  return Array.from({ length: form.length - 7 }, (_, at) => form.slice(at, at + 8));
};
/** Every piece of every key, as a reader copies it, by its first two characters. */
const PIECES = new Map<string, Set<string>>();
for (const key of KEYS)
  for (const piece of [
    ...Array.from({ length: key.length - 5 }, (_, at) => FORMS.map((form) => form(key.slice(at, at + 6)))).flat(),
    ...base64Windows(key),
  ]) {
    const read = asRead(piece);
    PIECES.set(read.slice(0, 2), (PIECES.get(read.slice(0, 2)) ?? new Set()).add(read));
  }

/** The pieces of a key each line of `output` shows, as a reader copies it. */
function piecesIn(line: string, found: Set<string>): void {
  const read = asRead(line);
  for (let at = 0; at + 1 < read.length; at++) {
    const pieces = PIECES.get(read.slice(at, at + 2));
    if (pieces) for (const piece of pieces) if (read.startsWith(piece, at)) found.add(piece);
  }
}

const WHOLE = KEYS.flatMap((key) => [...FORMS.map((form) => form(key)), btoa(key).slice(0, -4)].map(asRead));

/** The pieces of a key any line of an output shows, and the keys its lines show whole when joined. */
export function keyPiecesIn(output: string): string[] {
  const found = new Set<string>();
  for (const line of output.split(LINE_BREAK)) piecesIn(line, found);
  const joined = asRead(output.split(LINE_BREAK).join(''));
  for (const whole of WHOLE) if (joined.includes(whole)) found.add(whole);
  return [...found];
}

/** Pieces of the keys that are words the tester prints of its own (left by design): none, for these keys. */
export const keyPiecesInOwnText = (): string[] => keyPiecesIn(ownText().join('\n'));

// Our own colour codes, taken out before the console is judged inert.
// biome-ignore lint/suspicious/noControlCharactersInRegex: our colour codes are what it takes out
const OWN_COLOUR = /\u001b\[(?:0|1|2|31|32|33)m/g;

export async function outputsOf(testCase: OutputCase): Promise<RunOutputs> {
  const { result, exchanges } = runOf(testCase);
  return runOutputs(result, exchanges, redactor, testCase.colour);
}

/** The property, for one case. */
export async function holdsFor(testCase: OutputCase): Promise<void> {
  const outputs = await outputsOf(testCase);
  for (const name of OUTPUT_NAMES) expect(keyPiecesIn(outputs[name]), name).toEqual([]);
  expectInertConsole(outputs.console.replace(OWN_COLOUR, ''));
  const report = JSON.parse(outputs.json) as unknown;
  expect(validateReport(report), JSON.stringify(validateReport.errors?.slice(0, 3))).toBe(true);
  expect(JSON.parse(outputs.har).log.entries).toHaveLength(testCase.bodies.length);
  expect(xmlProblems(outputs.junit)).toEqual([]);
}

/** Runs the property `runs` times from `seed`; says both, so a failure can be replayed. */
export async function checkOutputs(runs: number, seed: number, say: (line: string) => void): Promise<void> {
  say(
    `output redaction property: seed ${seed}, ${runs} cases ` +
      `(replay: TALLYPORT_PROPERTY_SEED=${seed} TALLYPORT_PROPERTY_RUNS=${runs})`,
  );
  await fc.assert(fc.asyncProperty(outputCase, holdsFor), { seed, numRuns: runs });
}
