// What the run may change on a deployment, enforced below every check: a
// website may be created only with this run's recognizable domain, and
// updated or deleted only if this run created it. Marketplace is read-only
// (purchase validation is a POST but changes nothing).
import type { RequestTemplate } from './request.js';

export class SafetyViolation extends Error {
  override name = 'SafetyViolation';
}

export class SafetyGuard {
  /** Website ids this run created, with their domain, until deleted. */
  readonly created = new Map<string, string>();

  constructor(
    readonly writesAllowed: boolean,
    readonly domainPrefix: string,
  ) {}

  isRunDomain(domain: string): boolean {
    return domain.startsWith(this.domainPrefix);
  }

  assertAllowed(template: RequestTemplate): void {
    if (template.method === 'GET') return;
    const where = `${template.method} ${template.path}`;
    if (template.api === 'marketplace') {
      if (template.method === 'POST' && template.path === '/api/purchases/validation') return;
      throw new SafetyViolation(`refused to send ${where}: the marketplace is only read`);
    }
    if (!this.writesAllowed) throw new SafetyViolation(`refused to send ${where}: writes need --allow-writes`);
    if (template.method === 'POST' && template.path === '/api/v1/websites') {
      const domain = template.form?.find(([name]) => name === 'domain')?.[1];
      if (typeof domain === 'string' && this.isRunDomain(domain)) return;
      throw new SafetyViolation(
        `refused to send ${where}: only websites with this run's domain (${this.domainPrefix}…) may be created`,
      );
    }
    const match = /^\/api\/v1\/websites\/([^/]+)$/.exec(template.path);
    if ((template.method === 'PUT' || template.method === 'DELETE') && match?.[1]) {
      const id = decodeURIComponent(match[1]);
      if (this.created.has(id)) return;
      throw new SafetyViolation(`refused to send ${where}: website ${id} was not created by this run`);
    }
    throw new SafetyViolation(`refused to send ${where}: not a write this tool makes`);
  }
}
