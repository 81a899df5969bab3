import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretRedactor } from '../src/report/redactor.js';
import type { Exchange } from '../src/transport/transport.js';
import { harReport } from '../src/report/har.js';
import { readEntry } from '../src/recorded/har-entry.js';
import { jsonReport } from '../src/report/json.js';
import { junitReport } from '../src/report/junit.js';
import { reportSchema } from '../src/report/report-schema.js';
import type { RunResult } from '../src/report/result.js';
import { xmlProblems } from './xml-well-formed.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const validateReport = ajv.compile(reportSchema);

const KEY = 'writer-key-Qm7Zt2Lp9Xc4Vb';

/** A run whose every text came from the deployment: `text` is what it sent. */
function runHolding(text: string): RunResult {
  const step = {
    exchangeId: 1,
    title: `listWebsites search=${text}`,
    got: `HTTP 500 (text/plain) ${text}`,
    curl: text,
  };
  return {
    runId: 'r',
    seed: 1,
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 10,
    requestCount: 1,
    interrupted: false,
    strict: false,
    incomplete: [text],
    exitCode: 1,
    apis: [
      {
        api: 'analytics',
        target: 'http://127.0.0.1:1',
        mock: false,
        observations: [text],
        notes: [text],
        leftovers: [text],
        configError: text,
        cases: { sent: 1, dropped: {}, interrupted: 0 },
        checks: [
          {
            api: 'analytics',
            check: 'not_a_server_error',
            description: 'd',
            status: 'fail',
            reason: text,
            cases: [
              { status: 'pass', title: text },
              { status: 'skip', title: text, reason: text },
              {
                status: 'fail',
                title: text,
                reason: text,
                kind: 'server-error',
                basis: 'specified',
                severity: 'error',
                operationId: 'listWebsites',
                expected: 'no 5XX',
                actual: `${text}\nHTTP 500 (text/plain) ${text}`,
                curl: text,
                exchangeIds: [1, 2],
                steps: [step, { ...step, exchangeId: 2 }],
              },
            ],
          },
        ],
      },
    ],
  };
}

function exchangeHolding(text: string): Exchange {
  return {
    id: 1,
    template: {
      api: 'analytics',
      operationId: 'listWebsites',
      method: 'POST',
      baseUrl: 'http://127.0.0.1:1',
      path: '/api/v1/websites',
      query: [[text, text]],
      headers: [['X-Echo', text]],
      form: [[text, text]],
      label: text,
    },
    response: { status: 500, contentType: text, headers: { 'x-echo': text, 'set-cookie': 'sid=1' }, text },
    attempts: 1,
    startedAt: 0,
    durationMs: 3,
  };
}

// Every byte sequence a deployment can send decodes to one of these strings; JSON escapes add lone surrogates.
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u001c', '\ud800', '\udfff', '\ufffe', '\uffff', ']]>', '&', '<') }),
  fc.constantFrom(`\u001c${KEY.slice(-6)}`, `${KEY.slice(0, 10)}\u001c${KEY.slice(10)}`, `\\u00${KEY}`),
);

const redactor = secretRedactor({ ANALYTICS_API_KEY: KEY });

describe('report writers, for any text a deployment sends', () => {
  it('write well-formed JUnit XML 1.0', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(xmlProblems(junitReport(redactor.value(runHolding(text))))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('write a JSON report that parses and matches its schema', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const report = JSON.parse(jsonReport(runHolding(text), { redactor, toolVersion: '1.2.3' }));
        expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('write a HAR that parses', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const har = JSON.parse(harReport([exchangeHolding(text)], '1.2.3', redactor));
        expect(har.log.entries).toHaveLength(1);
        expect(har.log.creator).toEqual({ name: 'tallyport-contract', version: '1.2.3' });
      }),
      { numRuns: 300 },
    );
  });
});

describe('a request the run sent again, in its HAR', () => {
  const reading = { maxBodyChars: 1000 };
  const written = (attempts: number) =>
    JSON.parse(harReport([{ ...exchangeHolding('x'), attempts }], '1')).log.entries[0];

  it('says how many attempts its answer took, and judge reads them back as the run counted them', () => {
    expect(written(3)._tallyport).toEqual({ attempts: 3 });
    const read = readEntry(written(3), reading);
    expect(typeof read !== 'string' && read.attempts).toBe(3);
    expect(written(1)._tallyport).toBeUndefined();
  });

  it('reads one attempt where a file from elsewhere holds anything else there', () => {
    for (const attempts of [1, 0, -2, 1.5, '3', null, Number.MAX_VALUE]) {
      const read = readEntry({ ...written(1), _tallyport: { attempts } }, reading);
      expect(typeof read !== 'string' && read.attempts, String(attempts)).toBeUndefined();
    }
  });
});

describe('keys in reports', () => {
  it('are redacted in the values, so a control character before a key leaves valid JSON and no key', () => {
    const text = `a\u001c${KEY} b`;
    for (const written of [
      jsonReport(runHolding(text), { redactor }),
      harReport([exchangeHolding(text)], '1', redactor),
    ]) {
      expect(() => JSON.parse(written)).not.toThrow();
      expect(written).not.toContain(KEY.slice(3, 15));
      expect(written).toContain('$ANALYTICS_API_KEY');
    }
  });

  it('mask secret-named response headers in the HAR', () => {
    const har = JSON.parse(harReport([exchangeHolding('x')], '1', redactor));
    const headers = har.log.entries[0].response.headers as Array<{ name: string; value: string }>;
    expect(headers.find((header) => header.name === 'set-cookie')?.value).toBe('[REDACTED]');
  });
});

describe('the XML check these tests rely on', () => {
  it('refuses what XML 1.0 forbids', () => {
    const ok = '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites a="1 &amp; 2">x &lt; y</testsuites>\n';
    expect(xmlProblems(ok)).toEqual([]);
    for (const bad of [
      ok.replace('x', '\ufffe'),
      ok.replace('x', '\u001c'),
      ok.replace('x', '\ud800'),
      ok.replace('x &lt;', 'x & <'),
      ok.replace('&amp;', '&'),
      ok.replace('</testsuites>', ''),
    ])
      expect(xmlProblems(bad), JSON.stringify(bad)).not.toEqual([]);
  });
});
