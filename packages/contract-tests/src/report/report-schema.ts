// The published JSON Schema of the JSON report (`--json FILE`). It is built
// from the same lists the run uses (APIs, checks, case families, statuses,
// failure kinds), so a new check or kind is in the schema without a second
// edit; a test validates real reports against it, and every object is closed,
// so a report field the schema does not describe fails that test.
import { CASE_FAMILIES } from '../cases/types.js';
import { CHECK_NAMES } from '../registry/index.js';
import { CASE_STATUSES, FAILURE_KINDS, SEVERITIES } from '../checks/judging/types.js';
import { BASES } from '../spec/basis.js';
import { API_NAMES } from '../spec/models.js';
import { JSON_REPORT_VERSION } from './json.js';
import { EMBEDDED_MOCKS } from './result.js';

const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const texts = { type: 'array', items: text } as const;

const closed = (required: string[], properties: Record<string, unknown>, description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  additionalProperties: false,
  required,
  properties,
});

const caseOf = (status: string, extra: Record<string, unknown> = {}, required: string[] = []) =>
  closed(['status', 'title', ...required], { status: { const: status }, title: text, ...extra });

export const REPORT_SCHEMA_ID = `urn:tallyport:contract-report:${JSON_REPORT_VERSION}`;

export const reportSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: REPORT_SCHEMA_ID,
  title: 'tallyport-contract JSON report',
  ...closed(
    [
      'reportVersion',
      'tool',
      'runId',
      'seed',
      'startedAt',
      'durationMs',
      'requestCount',
      'interrupted',
      'strict',
      'incomplete',
      'apis',
      'exitCode',
    ],
    {
      reportVersion: { const: JSON_REPORT_VERSION, description: 'Raised when a field changes meaning or goes away.' },
      tool: { const: 'tallyport-contract' },
      toolVersion: { ...text, description: 'The version of tallyport-contract that wrote the report.' },
      runId: { ...text, description: 'Part of every record the run created (their label), and of the ledger.' },
      seed: { type: 'integer', description: 'Pass it to --seed to draw the same examples again.' },
      startedAt: { ...text, format: 'date-time' },
      durationMs: count,
      requestCount: count,
      interrupted: { type: 'boolean' },
      strict: { type: 'boolean', description: 'Whether conventions that did not hold failed the run (--strict).' },
      incomplete: { ...texts, description: 'Why the run could not check all it was asked to, when so.' },
      ledgerFile: text,
      apis: { type: 'array', items: { $ref: '#/$defs/api' } },
      recorded: closed(
        ['file', 'entries', 'judged', 'unmatched', 'malformed'],
        {
          file: text,
          entries: count,
          judged: count,
          unmatched: closed(['count', 'first'], { count, first: texts }),
          malformed: closed(['count', 'first'], { count, first: texts }),
        },
        'A recorded file judged (`tallyport-contract judge`): its entries, those judged, those matching no operation ' +
          'and those that could not be read (the first few of each).',
      ),
      exitCode: { enum: [0, 1, 2], description: '1: violations; 2: configuration, connectivity or incomplete.' },
    },
  ),
  $defs: {
    api: closed(['api', 'target', 'mock', 'checks', 'observations', 'cases', 'notes', 'leftovers'], {
      api: { enum: [...API_NAMES] },
      target: { ...text, description: 'The base URL checked.' },
      mock: { type: 'boolean', description: 'Whether the target is one of the embedded mocks.' },
      embeddedMock: {
        enum: [...EMBEDDED_MOCKS],
        description: 'Which embedded mock (--mock): prism answers with the spec examples, stateful keeps records.',
      },
      checks: { type: 'array', items: { $ref: '#/$defs/check' } },
      observations: { ...texts, description: 'What the deployment does where the spec says "not shown".' },
      cases: closed(['sent', 'dropped', 'interrupted'], {
        sent: count,
        dropped: {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(CASE_FAMILIES.map((family) => [family, count])),
        },
        interrupted: count,
      }),
      notes: texts,
      configError: text,
      leftovers: { ...texts, description: 'Records the run created and could not delete: label, and id when known.' },
      pace: closed(
        ['throttled', 'pausedMs'],
        {
          throttled: count,
          settledPerSecond: { type: 'number', minimum: 0 },
          pausedMs: count,
          statedLimit: count,
        },
        'How the deployment rate limit shaped the run: 429 answers, the pace the run settled at.',
      ),
      drift: closed(
        ['file', 'pins', 'held', 'unobserved', 'drifted', 'new'],
        {
          file: { ...text, description: 'The baseline file (--baseline).' },
          pins: { ...count, description: 'Points the baseline pins of this API.' },
          held: count,
          unobserved: { ...count, description: 'Pinned points the run observed nothing of.' },
          drifted: {
            type: 'array',
            description: 'Pinned points that no longer hold (each fails baseline_drift).',
            items: closed(['line', 'subject', 'pinned', 'seen'], {
              line: { ...count, description: "The line of the baseline file where the point's action starts." },
              subject: text,
              pinned: text,
              seen: text,
            }),
          },
          new: {
            type: 'array',
            description: 'Points observed where the baseline pins nothing: reported, never failed.',
            items: closed(['subject', 'seen'], { subject: text, seen: text }),
          },
        },
        'What a run given a baseline found: the pinned points that held, drifted or were not observed, and new ones.',
      ),
      coverage: {
        type: 'array',
        description:
          'Per reading operation: of the combinations of `strength` parameter values the plan asks for, how many ' +
          'some request covered, and how many requests carried a generated value.',
        items: closed(['operationId', 'strength', 'possible', 'covered', 'generated'], {
          operationId: text,
          strength: { type: 'integer', minimum: 2 },
          possible: count,
          covered: count,
          generated: count,
        }),
      },
    }),
    check: closed(['api', 'check', 'description', 'status', 'cases'], {
      api: { enum: [...API_NAMES] },
      check: { enum: [...CHECK_NAMES] },
      description: text,
      status: { enum: [...CASE_STATUSES] },
      reason: text,
      cases: { type: 'array', items: { $ref: '#/$defs/case' } },
    }),
    case: {
      oneOf: [
        caseOf('pass'),
        caseOf('skip', { reason: text }, ['reason']),
        caseOf('interrupted', { reason: text }, ['reason']),
        ...(['fail', 'warn'] as const).map((status) =>
          caseOf(
            status,
            {
              reason: text,
              kind: { enum: [...FAILURE_KINDS] },
              basis: {
                enum: [...BASES],
                description: 'specified: the source documentation decides it; convention: what deployments usually do.',
              },
              severity: { enum: [...SEVERITIES] },
              operationId: text,
              expected: { ...text, description: 'What the spec (or the convention) says.' },
              actual: { ...text, description: 'What came back.' },
              curl: { ...text, description: 'Reproduces the request; keys are $PLACEHOLDERS.' },
              exchangeIds: { type: 'array', items: count },
              sequence: closed(['id', 'commands', 'replay'], {
                id: { ...text, description: 'The command sequence (a shrunk replay is `N~M`).' },
                commands: count,
                shrunkFrom: { ...count, description: 'The commands of the sequence that first showed it.' },
                replay: { ...text, description: 'How to run the same sequences again (--seed).' },
              }),
              steps: {
                type: 'array',
                description:
                  'The requests the verdict rests on, in replay order (writes first; for a command sequence, as sent).',
                items: closed(['exchangeId', 'title', 'got', 'curl'], {
                  exchangeId: count,
                  title: text,
                  got: text,
                  curl: text,
                }),
              },
            },
            ['reason', 'kind', 'basis', 'severity', 'operationId', 'expected', 'actual', 'exchangeIds', 'steps'],
          ),
        ),
      ],
    },
  },
} as const;
