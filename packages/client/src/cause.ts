// A connection error keeps what went wrong underneath (ECONNREFUSED, a TLS
// failure, a reset) as its `cause`, the way Stainless-generated SDKs do. The
// original error may quote the request URL, so the cause handed out is a
// copy with every text redacted, and its own chain copied the same way.
import type { Redactor } from '@tallyport/redaction';

/** Fields of Node's system errors worth keeping (none of them holds request data). */
const KEPT = ['code', 'errno', 'syscall', 'address', 'port'] as const;

export function redactedCause(error: unknown, redactor: Redactor, depth = 0): unknown {
  if (!(error instanceof Error)) return error === undefined ? undefined : redactor.text(String(error)).slice(0, 500);
  const copy = new Error(redactor.truncate(error.message, 500));
  copy.name = error.name;
  copy.stack = redactor.text(error.stack ?? `${error.name}: ${error.message}`);
  for (const key of KEPT) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) (copy as unknown as Record<string, unknown>)[key] = redactor.value(value);
  }
  if (error.cause !== undefined && depth < 4) copy.cause = redactedCause(error.cause, redactor, depth + 1);
  return copy;
}

/** The innermost message of a cause chain: `fetch failed` says less than `connect ECONNREFUSED`. */
export function innermostMessage(error: unknown): string {
  let current = error;
  for (let i = 0; i < 5 && current instanceof Error && current.cause instanceof Error; i++) current = current.cause;
  return current instanceof Error ? current.message : String(error);
}
