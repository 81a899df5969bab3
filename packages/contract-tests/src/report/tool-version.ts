// The tool's own version, for --version, the HAR creator and the JSON report,
// read from the package's package.json: one folder above the bundles in dist/,
// two above this file in src/ (and exported, so it is there when installed).
import { readFileSync } from 'node:fs';

const PACKAGE = '@tallyport/contract-tests';
let version: string | undefined;

function read(relative: string): string | undefined {
  try {
    const json = JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as Record<string, unknown>;
    return json.name === PACKAGE && typeof json.version === 'string' ? json.version : undefined;
  } catch {
    return undefined;
  }
}

export function toolVersion(): string {
  version ??= read('../package.json') ?? read('../../package.json') ?? '0.0.0';
  return version;
}
