#!/usr/bin/env node
// `tallyport-contract` / `pnpm contract`, and `tallyport-contract cleanup`.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigError, HELP, listChecksText, parseConfig } from './config.js';
import type { Exchange } from './http/transport.js';
import { secretRedactor } from './http/redactor.js';
import { checkLine, headerLine, shouldColour, summaryText, targetLine } from './reporters/console.js';
import { harReport } from './reporters/har.js';
import { jsonReport } from './reporters/json.js';
import { junitReport } from './reporters/junit.js';
import { reportSchema } from './reporters/report-schema.js';
import { runContract } from './runner.js';
import { cleanupLedger } from './writes/cleanup.js';
import { Ledger } from './writes/ledger.js';

// Every line this process prints passes the redactor, whatever produced it.
const redactor = secretRedactor({
  ANALYTICS_API_KEY: process.env.ANALYTICS_API_KEY,
  MARKETPLACE_API_KEY: process.env.MARKETPLACE_API_KEY,
  MARKETPLACE_EMPTY_API_KEY: process.env.MARKETPLACE_EMPTY_API_KEY,
  MARKETPLACE_PURCHASE_CODE: process.env.MARKETPLACE_PURCHASE_CODE,
});
const out = (text: string): void => void process.stdout.write(`${redactor.text(text)}\n`);
const err = (text: string): void => void process.stderr.write(`${redactor.text(text)}\n`);

async function writeReport(file: string, text: string): Promise<void> {
  const path = resolve(file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, redactor.text(text));
}

async function cleanup(ledgerFile: string, target: { baseUrl: string; apiKey: string } | undefined): Promise<number> {
  if (!existsSync(ledgerFile)) throw new ConfigError(`no ledger at ${ledgerFile} (see --ledger)`);
  if (!target) throw new ConfigError('cleanup needs ANALYTICS_BASE_URL and ANALYTICS_API_KEY');
  const result = await cleanupLedger(ledgerFile, target);
  for (const line of result.lines) out(line);
  for (const line of result.left) out(`  left: ${line}`);
  return result.left.length > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const config = parseConfig(process.argv.slice(2), process.env);
  if (config.help) {
    out(HELP);
    return 0;
  }
  if (config.listChecks) {
    out(listChecksText());
    return 0;
  }
  if (config.reportSchema) {
    out(JSON.stringify(reportSchema, null, 2));
    return 0;
  }
  if (config.command === 'cleanup') return cleanup(config.ledgerFile, config.run.analytics);
  const style = { colour: shouldColour(process.stdout, process.env) };
  const ledger = new Ledger(config.run.analytics ? config.ledgerFile : undefined);
  const interrupt = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) {
      const left = ledger.outstanding();
      err(`Stopped. ${left.length} record(s) this tool created may be left:`);
      for (const entry of left) err(`  ${entry.id ?? 'id unknown'} (${entry.label}) on ${entry.baseUrl}`);
      if (ledger.file) err(`Delete them with: tallyport-contract cleanup --ledger ${ledger.file}`);
      process.exit(130);
    }
    err('Interrupted: no new request starts; deleting what this run created (signal again to stop now).');
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  out(headerLine());
  const exchanges: Exchange[] = [];
  const result = await runContract({
    ...config.run,
    ledger,
    signal: interrupt.signal,
    log: (line) => out(`  ${line}`),
    onApiStart: (api, target, mock) => out(targetLine(api, target, mock)),
    onCheckResult: (checkResult) => out(checkLine(checkResult, style)),
    onExchanges: (_, list) => exchanges.push(...list),
  });
  out(summaryText(result, style));
  if (result.apis.some((api) => api.leftovers.length > 0) && ledger.file)
    out(`Delete what is left with: tallyport-contract cleanup --ledger ${ledger.file}`);
  if (config.junitFile) await writeReport(config.junitFile, junitReport(result));
  if (config.jsonFile) await writeReport(config.jsonFile, jsonReport(result));
  if (config.harFile) await writeReport(config.harFile, harReport(exchanges, process.env.npm_package_version ?? '0'));
  return result.exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    err(`tallyport-contract: ${error instanceof ConfigError ? 'configuration problem: ' : ''}${message}`);
    process.exitCode = 2;
  },
);
