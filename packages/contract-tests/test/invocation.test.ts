// The command a hint names is one the user can paste: the script they ran, through the package manager that ran
// it, or the bin itself.
import { describe, expect, it } from 'vitest';
import { commandName } from '../src/cli/invocation.js';

const script = (agent: string, event: string, body: string) => ({
  npm_config_user_agent: `${agent} node/v20.20.2 linux x64`,
  npm_lifecycle_event: event,
  npm_lifecycle_script: body,
});

describe('the command that started a run', () => {
  it("is the project's script, through the package manager that ran it", () => {
    expect(commandName(script('pnpm/10.34.9 npm/?', 'contract', 'node scripts/contract.mjs'))).toBe('pnpm contract');
    expect(commandName(script('npm/11.19.1', 'contract', 'tallyport-contract'))).toBe('npm run contract --');
    expect(commandName(script('yarn/1.22.22 npm/?', 'api-check', 'tallyport-contract --api analytics'))).toBe(
      'yarn api-check',
    );
  });

  it('is the bin when no script ran it, npx did, or flags added to the script would not reach the tester', () => {
    expect(commandName({})).toBe('tallyport-contract');
    expect(commandName(script('npm/11.19.1', 'npx', 'tallyport-contract'))).toBe('tallyport-contract');
    expect(commandName(script('pnpm/10.34.9', 'ci', 'pnpm build && tallyport-contract'))).toBe('tallyport-contract');
    expect(commandName(script('pnpm/10.34.9', 'ci', 'tallyport-contract | tee out.txt'))).toBe('tallyport-contract');
    expect(commandName(script('bun/1.3.0', 'contract', 'tallyport-contract'))).toBe('tallyport-contract');
  });
});
