#!/usr/bin/env node
// `tallyport-contract` / `pnpm contract`.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CHECK_NAMES } from './checks/index.js';
import { ConfigError, HELP, parseConfig } from './config.js';
import { secretRedactor } from './http/redactor.js';
import { checkLine, headerLine, shouldColour, summaryText, targetLine } from './reporters/console.js';
import { jsonReport } from './reporters/json.js';
import { junitReport } from './reporters/junit.js';
import { runContract } from './runner.js';

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

async function main(): Promise<number> {
  const config = parseConfig(process.argv.slice(2), process.env);
  if (config.help) {
    out(HELP);
    return 0;
  }
  if (config.listChecks) {
    out(CHECK_NAMES.join('\n'));
    return 0;
  }
  const style = { colour: shouldColour(process.stdout, process.env) };
  const interrupt = new AbortController();
  let interrupts = 0;
  const onSignal = (): void => {
    interrupts++;
    if (interrupts > 1) process.exit(2);
    err('Interrupted: deleting what this run created, then stopping (Ctrl-C again to quit now).');
    interrupt.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  out(headerLine());
  const result = await runContract({
    ...config.run,
    signal: interrupt.signal,
    log: (line) => out(`  ${line}`),
    onApiStart: (api, target, mock) => out(targetLine(api, target, mock)),
    onCheckResult: (checkResult) => out(checkLine(checkResult, style)),
  });
  out(summaryText(result, style));
  if (config.junitFile) await writeReport(config.junitFile, junitReport(result));
  if (config.jsonFile) await writeReport(config.jsonFile, jsonReport(result));
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
