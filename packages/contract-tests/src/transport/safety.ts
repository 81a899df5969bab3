// What the run may change on a deployment, enforced below every request by
// provenance, not by path strings: an operation that reads (per the spec's
// effect) may always be sent; a create only with this run's recognisable
// label (domain); an update or delete only for a record this run created AND
// that a read made just before showed with this run's label. Every path
// value is checked (no empty, `.`, `..` or `/` ids) and the final, normalised
// URL must be exactly the operation's path with those values.
import { unsafePathSegment } from '@tallyport/http-policy';
import { identifyingParameter, operationById, type SpecModel, writableKind } from '@tallyport/spec-model/query';
import type { ApiName } from '../spec/models.js';
import type { RequestTemplate } from './request.js';

/** The domain every record a run creates is named under: reserved for documentation (RFC 2606), owned by nobody. */
export const RUN_LABEL_DOMAIN = '.example.com';

export class SafetyViolation extends Error {
  override name = 'SafetyViolation';
}

export interface OwnedRecord {
  kind: string;
  label: string;
  /** Set when a read just before a write showed the record with this run's label. */
  verifiedAt?: number;
}

export class SafetyGuard {
  /** Records this run created (by `api kind id`), until deleted. */
  private readonly owned = new Map<string, OwnedRecord>();

  constructor(
    readonly writesAllowed: boolean,
    /** The label prefix every record this run creates carries (`tallyport-contract-<run>-`). */
    readonly labelPrefix: string,
    private readonly models: Record<ApiName, SpecModel>,
    /** The embedded mock keeps nothing and belongs to the run: its answers need no provenance. */
    private readonly trusting = false,
  ) {}

  isRunLabel(label: unknown): label is string {
    return typeof label === 'string' && label.startsWith(this.labelPrefix) && label.endsWith(RUN_LABEL_DOMAIN);
  }

  private static key(api: ApiName, kind: string, id: string): string {
    return `${api} ${kind} ${id}`;
  }

  /** Registers a record this run created (the create answered it, or a search found the run's label). */
  own(api: ApiName, kind: string, id: string, label: string): void {
    const reason = unsafePathSegment(id);
    if (reason) throw new SafetyViolation(`will not track ${kind} id ${JSON.stringify(id)}: ${reason}`);
    if (!this.isRunLabel(label) && !this.trusting)
      throw new SafetyViolation(`${kind} ${id} does not carry this run's label`);
    this.owned.set(SafetyGuard.key(api, kind, id), { kind, label });
  }

  owns(api: ApiName, kind: string, id: string): OwnedRecord | undefined {
    return this.owned.get(SafetyGuard.key(api, kind, id));
  }

  /** A read just made showed `label` for the record: a write may follow, once. */
  verify(api: ApiName, kind: string, id: string, label: unknown): boolean {
    if (this.trusting) return true;
    const owned = this.owns(api, kind, id);
    // Another label of this very run (an update that renamed it to a name the run chose) proves it as well.
    if (!owned || (label !== owned.label && !this.isRunLabel(label))) return false;
    owned.verifiedAt = Date.now();
    return true;
  }

  release(api: ApiName, kind: string, id: string): void {
    this.owned.delete(SafetyGuard.key(api, kind, id));
  }

  ownedIds(api: ApiName): Array<{ kind: string; id: string; label: string }> {
    return [...this.owned.entries()]
      .filter(([key]) => key.startsWith(`${api} `))
      .map(([key, record]) => ({ kind: record.kind, id: key.split(' ').slice(2).join(' '), label: record.label }));
  }

  assertAllowed(template: RequestTemplate): void {
    const model = this.models[template.api];
    const operation = operationById(model, template.operationId);
    const where = `${template.method} ${template.path}`;
    for (const [name, value] of Object.entries(template.pathValues ?? {})) {
      const reason = unsafePathSegment(value);
      if (reason) throw new SafetyViolation(`refused to send ${where}: the ${name} ${JSON.stringify(value)} ${reason}`);
    }
    if (operation.effect === 'read') return;
    if (!this.writesAllowed) throw new SafetyViolation(`refused to send ${where}: writes need --allow-writes`);
    const kind = writableKind(model);
    if (!kind) throw new SafetyViolation(`refused to send ${where}: the spec names no record this run can own`);
    if (operation.effect === 'create') {
      const label = template.form?.find(([name]) => name === kind.label)?.[1];
      if (this.isRunLabel(label)) return;
      throw new SafetyViolation(
        `refused to send ${where}: only ${kind.name}s whose ${kind.label} starts with ` +
          `${this.labelPrefix} may be created`,
      );
    }
    if (this.trusting) return;
    const idParameter = identifyingParameter(operation, kind.name);
    const id = idParameter ? template.pathValues?.[idParameter.name] : undefined;
    if (id === undefined) throw new SafetyViolation(`refused to send ${where}: no ${kind.name} id in the request`);
    const owned = this.owns(template.api, kind.name, id);
    if (!owned) throw new SafetyViolation(`refused to send ${where}: ${kind.name} ${id} was not created by this run`);
    if (owned.verifiedAt === undefined)
      throw new SafetyViolation(
        `refused to send ${where}: no read just before showed ${kind.name} ${id} with this run's ${kind.label}`,
      );
    // One verified read permits one write.
    delete owned.verifiedAt;
  }

  /** The final URL must be the operation's path with its values, after the URL parser normalised it. */
  assertUrl(template: RequestTemplate, url: URL): void {
    const base = new URL(template.baseUrl.replace(/\/$/, ''));
    const operation = operationById(this.models[template.api], template.operationId);
    const expected =
      base.pathname.replace(/\/$/, '') +
      operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(template.pathValues?.[name] ?? ''),
      );
    if (url.pathname !== expected || url.origin !== base.origin) {
      throw new SafetyViolation(
        `refused to send ${template.method} ${url.origin}${url.pathname}: ` +
          `it is not ${operation.path} with the values given`,
      );
    }
  }
}
