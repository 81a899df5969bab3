import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyMockApis, earlyMockKind } from '../src/cli/config/early-mocks.js';

const empty = mkdtempSync(join(tmpdir(), 'tallyport-early-'));

describe('the mocks started before the engine loads', () => {
  it('are those of the APIs without a deployment', () => {
    expect(earlyMockApis([], {}, empty)).toEqual(['analytics', 'marketplace']);
    expect(earlyMockApis(['--api', 'marketplace'], {}, empty)).toEqual(['marketplace']);
    expect(earlyMockApis(['--api=analytics'], {}, empty)).toEqual(['analytics']);
    expect(earlyMockApis([], { ANALYTICS_BASE_URL: 'https://a.example.com' }, empty)).toEqual(['marketplace']);
    expect(earlyMockApis(['--', '--marketplace-url', 'https://m.example.com'], {}, empty)).toEqual(['analytics']);
  });

  it('are the mock --mock names, Prism unless it says stateful, and none for a mock that does not exist', () => {
    expect(earlyMockKind([])).toBe('prism');
    expect(earlyMockKind(['--mock', 'stateful'])).toBe('stateful');
    expect(earlyMockKind(['--', '--mock=stateful'])).toBe('stateful');
    expect(earlyMockKind(['--mock', 'wiremock'])).toBeUndefined();
    expect(earlyMockApis(['--mock', 'stateful'], {}, empty)).toEqual(['analytics', 'marketplace']);
    expect(earlyMockApis(['--mock', 'wiremock'], {}, empty)).toEqual([]);
  });

  it('are none for commands that print, for cleanup, and when a config file may say otherwise', () => {
    for (const argv of [['--help'], ['-h'], ['--version'], ['--list-checks'], ['cleanup'], ['--config', 'x.json']])
      expect(earlyMockApis(argv, {}, empty), argv.join(' ')).toEqual([]);
    expect(earlyMockApis(['--api', 'nothing'], {}, empty)).toEqual([]);
    const withFile = mkdtempSync(join(tmpdir(), 'tallyport-early-'));
    writeFileSync(join(withFile, 'tallyport.config.json'), '{}');
    expect(earlyMockApis([], {}, withFile)).toEqual([]);
  });
});
