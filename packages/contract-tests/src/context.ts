// Everything a check needs about one API under test: where it is, whether it
// is the embedded mock, how to build requests with the right credentials, and
// a memo so identical probes are sent once per run whichever check asks first.
import { randomBytes } from 'node:crypto';
import type { ApiName } from './specs.js';
import { operation, type OperationSpec } from './spec/operations.js';
import { secret, requestKey, type RequestTemplate, type TemplateValue } from './http/request.js';
import type { Exchange, Transport } from './http/transport.js';
import type { SafetyGuard } from './http/safety.js';

export type AuthMode = 'valid' | 'missing' | 'wrong' | 'empty-account';

export interface RequestSpec {
  pathParams?: Record<string, string>;
  query?: Array<[string, string]>;
  form?: Array<[string, TemplateValue]>;
  auth?: AuthMode;
  /** Prism's Prefer header; only ever sent to the embedded mock. */
  prefer?: string;
  label: string;
}

export interface RunSettings {
  runId: string;
  allowWrites: boolean;
  websiteId?: string;
  itemId?: string;
  hasPurchaseCode: boolean;
  hasEmptyAccountKey: boolean;
}

export function newRunId(): string {
  return `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex')}`;
}

export class RunContext {
  private readonly memo = new Map<string, Promise<Exchange>>();

  constructor(
    readonly api: ApiName,
    readonly baseUrl: string,
    readonly isMock: boolean,
    readonly settings: RunSettings,
    readonly transport: Transport,
    readonly guard: SafetyGuard,
  ) {}

  get wrongKey(): string {
    return `tallyport-contract-wrong-key-${this.settings.runId}`;
  }

  /** The recognizable domain of websites this run creates. */
  runDomain(purpose: string): string {
    return `${this.guard.domainPrefix}${purpose}.example.com`;
  }

  op(operationId: string): OperationSpec {
    return operation(this.api, operationId);
  }

  request(operationId: string, spec: RequestSpec): RequestTemplate {
    const op = this.op(operationId);
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(spec.pathParams?.[name] ?? ''),
    );
    const query: Array<[string, TemplateValue]> = [...(spec.query ?? [])];
    const headers: Array<[string, TemplateValue]> = [['Accept', 'application/json']];
    let form = spec.form ? [...spec.form] : undefined;
    const auth = spec.auth ?? 'valid';
    if (this.api === 'analytics') {
      if (auth === 'valid') headers.push(['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')]);
      if (auth === 'wrong') headers.push(['Authorization', `Bearer ${this.wrongKey}`]);
    } else {
      const key: TemplateValue | undefined =
        auth === 'valid'
          ? secret('MARKETPLACE_API_KEY')
          : auth === 'wrong'
            ? this.wrongKey
            : auth === 'empty-account'
              ? secret('MARKETPLACE_EMPTY_API_KEY')
              : undefined;
      // The modelled transport of api_key: query string for GET, form body for POST.
      if (op.method === 'GET' && key !== undefined) query.unshift(['api_key', key]);
      if (op.method === 'POST')
        form = [...(key !== undefined ? [['api_key', key] as [string, TemplateValue]] : []), ...(form ?? [])];
    }
    if (spec.prefer && this.isMock) headers.push(['Prefer', spec.prefer]);
    return {
      api: this.api,
      operationId,
      method: op.method,
      baseUrl: this.baseUrl,
      path,
      query,
      headers,
      ...(form ? { form } : {}),
      label: spec.label,
    };
  }

  /** Sends a read-only probe once per run; later asks get the same exchange. */
  probe(template: RequestTemplate): Promise<Exchange> {
    const key = requestKey(template);
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.transport.send(template);
      this.memo.set(key, pending);
      // A refused send (budget, safety) must not poison the memo for later asks.
      pending.catch(() => this.memo.delete(key));
    }
    return pending;
  }

  /** Sends a request every time (writes and state-dependent reads). */
  send(template: RequestTemplate, options: { cleanup?: boolean } = {}): Promise<Exchange> {
    return this.transport.send(template, options);
  }
}
