// Every exchange of a run as a HAR 1.2 file that browser devtools open. Keys appear as their placeholders
// ("$ANALYTICS_API_KEY"). Every value passes the redactor before the file is serialised, and the serialised text again
// as it is written (writeReports: a masked span takes any JSON escape it touches); secret-named response headers are
// masked, and no value can make the writer throw (lone surrogates are encoded as U+FFFD). An exchange with an embedded
// mock is marked with which one (`_tallyport.mock`), so `judge` skips on Prism's examples what the run skipped, for the
// same reason; one the run sent again, with its attempts (`_tallyport.attempts`).
import { REDACTED, type Redactor } from './redactor.js';
import { jsonBody } from '../transport/request.js';
import { isSecretRef, type TemplateValue } from '../spec/secrets.js';
import type { Exchange } from '../transport/transport.js';
import { encodeComponent } from '../text/well-formed.js';
import type { EmbeddedMock } from './result.js';
import type { ApiName } from '../spec/models.js';
import { present } from '../text/present.js';

/** Which embedded mock answered each API that was checked against one. */
export type EmbeddedMocks = Partial<Record<ApiName, EmbeddedMock>>;

const show = (value: TemplateValue): string => (isSecretRef(value) ? `${value.prefix ?? ''}$${value.secret}` : value);

/** The run's own tags of an exchange (a custom field, as HAR allows), when it has any. */
function runTags(exchange: Exchange, mocks: EmbeddedMocks) {
  const mock = mocks[exchange.template.api];
  const tags = {
    ...(mock ? { mock } : {}),
    // The attempts its answer took (the last is written): the run counted each, and `judge` weighs them as it did.
    ...(exchange.attempts > 1 ? { attempts: exchange.attempts } : {}),
    // What the run meant by a request of its state model's: `judge` reads the tester's own file as the run did, a
    // generated write with its expectation and each page with its walk.
    ...(exchange.case?.family === 'sequence'
      ? {
          family: exchange.case.family,
          expect: exchange.case.expect,
          ...present({ step: exchange.case.step, sequence: exchange.case.sequence, walk: exchange.case.walk }),
        }
      : {}),
  };
  return Object.keys(tags).length > 0 ? { _tallyport: tags } : {};
}

function entry(exchange: Exchange, redactor: Redactor | undefined, mocks: EmbeddedMocks) {
  const { template, response } = exchange;
  const query = template.query.map(([name, value]) => ({ name, value: show(value) }));
  const search = query.map(({ name, value }) => `${encodeComponent(name)}=${encodeComponent(value)}`).join('&');
  const url = `${template.baseUrl}${template.path}${search ? `?${search}` : ''}`;
  const form = template.form?.map(([name, value]) => ({ name, value: show(value) }));
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.durationMs,
    comment: exchange.case ? `${exchange.case.family}: ${exchange.case.title}` : template.label,
    ...runTags(exchange, mocks),
    request: {
      method: template.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: template.headers.map(([name, value]) => ({ name, value: show(value) })),
      queryString: query,
      ...(form && template.json
        ? { postData: { mimeType: 'application/json', text: jsonBody(template, show) } }
        : form
          ? {
              postData: {
                mimeType: 'application/x-www-form-urlencoded',
                params: form,
                text: form.map(({ name, value }) => `${encodeComponent(name)}=${encodeComponent(value)}`).join('&'),
              },
            }
          : {}),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status: response?.status ?? 0,
      statusText: response ? '' : (exchange.error ?? 'no response'),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(response?.headers ?? {}).map(([name, value]) => ({
        name,
        value: redactor?.isSecretName(name) ? REDACTED : value,
      })),
      content: {
        size: response?.text.length ?? 0,
        mimeType: response?.contentType ?? 'x-unknown',
        text: response?.text ?? '',
      },
      redirectURL: response?.headers.location ?? '',
      headersSize: -1,
      bodySize: -1,
      ...(exchange.error ? { comment: exchange.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
  };
}

/**
 * The HAR file of a run's exchanges, `version` being the tool's; every value redacted before serialising; `mocks`
 * names the embedded mock of each API checked against one.
 */
export function harReport(
  exchanges: readonly Exchange[],
  version: string,
  redactor?: Redactor,
  mocks: EmbeddedMocks = {},
): string {
  const entries = [...exchanges]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((exchange) => entry(exchange, redactor, mocks));
  const log = { version: '1.2', creator: { name: 'tallyport-contract', version }, entries };
  return `${JSON.stringify({ log: redactor ? redactor.value(log) : log }, null, 2)}\n`;
}
