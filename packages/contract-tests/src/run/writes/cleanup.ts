// `tallyport-contract cleanup`: deletes what earlier runs recorded in the
// ledger and did not delete, one run at a time, each only after a read shows
// the run's own label, and reports what it could not delete.
import { AnswerBook } from '../../answers/book.js';
import { secretRedactor } from '../../report/redactor.js';
import { SafetyGuard } from '../../transport/safety.js';
import { DEFAULT_LIMITS } from '../contract.js';
import { Transport } from '../../transport/transport.js';
import { sendCase } from '../../transport/template.js';
import { API_SECRETS } from '../../spec/deployment.js';
import { type ApiName, specModels } from '../../spec/models.js';
import { Ledger } from './ledger.js';
import { WriteSession } from './session.js';

export interface CleanupResult {
  removed: number;
  left: string[];
  lines: string[];
}

export async function cleanupLedger(
  api: ApiName,
  ledgerFile: string,
  target: { baseUrl: string; apiKey: string },
): Promise<CleanupResult> {
  const ledger = new Ledger(ledgerFile);
  const outstanding = ledger.outstanding().filter((entry) => entry.api === api);
  const lines: string[] = [];
  const left: string[] = [];
  let removed = 0;
  const keys = { [API_SECRETS[api].key]: target.apiKey };
  const redactor = secretRedactor(keys);
  for (const runId of [...new Set(outstanding.map((entry) => entry.runId))]) {
    const entries = outstanding.filter((entry) => entry.runId === runId);
    const elsewhere = entries.filter((entry) => entry.baseUrl !== target.baseUrl);
    for (const entry of elsewhere) left.push(`${entry.label} (recorded for ${entry.baseUrl}, not ${target.baseUrl})`);
    if (elsewhere.length === entries.length) continue;
    const guard = new SafetyGuard(true, `tallyport-contract-${runId}-`, specModels);
    const transport = new Transport(keys, { ...DEFAULT_LIMITS, maxRequestsPerSecond: 5 }, guard);
    const book = new AnswerBook({ api, model: specModels[api], redact: (text) => redactor.text(text) });
    const deployment = { api, baseUrl: target.baseUrl, mock: false, wrongKey: '' };
    const session = new WriteSession({
      api,
      model: specModels[api],
      runId,
      baseUrl: target.baseUrl,
      mock: false,
      guard,
      ledger,
      send: async (testCase) => book.read(await sendCase(transport, deployment, testCase, { cleanup: true })),
      stopped: () => false,
    });
    const before = entries.length - elsewhere.length;
    const remaining = await session.cleanup();
    removed += before - remaining.length;
    for (const entry of remaining)
      left.push(
        `${entry.id ?? 'id unknown'} (${entry.label}): not deleted; it shows another domain, or no read answered`,
      );
    lines.push(`run ${runId}: ${before - remaining.length} of ${before} deleted`);
  }
  if (outstanding.length === 0) lines.push(`nothing to clean up in ${ledgerFile}`);
  ledger.compact();
  return { removed, left: left.map((line) => redactor.text(line)), lines };
}
