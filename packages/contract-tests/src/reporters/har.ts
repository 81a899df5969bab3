// Every exchange of a run as a HAR 1.2 file that browser devtools open. Keys
// appear as their placeholders ("$ANALYTICS_API_KEY"); the caller passes the
// whole text through the redactor too, for keys a server echoed back.
import { isSecretRef, type TemplateValue } from '../http/request.js';
import type { Exchange } from '../http/transport.js';

const show = (value: TemplateValue): string => (isSecretRef(value) ? `${value.prefix ?? ''}$${value.secret}` : value);

function entry(exchange: Exchange) {
  const { template, response } = exchange;
  const query = template.query.map(([name, value]) => ({ name, value: show(value) }));
  const search = query.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const url = `${template.baseUrl}${template.path}${search ? `?${search}` : ''}`;
  const form = template.form?.map(([name, value]) => ({ name, value: show(value) }));
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.durationMs,
    comment: exchange.case ? `${exchange.case.family}: ${exchange.case.title}` : template.label,
    request: {
      method: template.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: template.headers.map(([name, value]) => ({ name, value: show(value) })),
      queryString: query,
      ...(form
        ? {
            postData: {
              mimeType: 'application/x-www-form-urlencoded',
              params: form,
              text: form.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&'),
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
      headers: Object.entries(response?.headers ?? {}).map(([name, value]) => ({ name, value })),
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

export function harReport(exchanges: readonly Exchange[], version: string): string {
  const entries = [...exchanges].sort((a, b) => a.startedAt - b.startedAt).map(entry);
  const log = { version: '1.2', creator: { name: 'tallyport-contract', version }, entries };
  return `${JSON.stringify({ log }, null, 2)}\n`;
}
