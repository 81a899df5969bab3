// The command that started this run, as its user would type it again, so a
// hint that names a command to run next (`--mock stateful`) names one they
// can paste: `pnpm contract` in this repository, `npm run contract --` in a
// project whose script runs the tester, `tallyport-contract` otherwise. A
// package manager says which script it runs in the variables every one of
// them sets (npm_lifecycle_event, npm_lifecycle_script, npm_config_user_agent).

/** A script that is more than one command: flags added to it would not reach the tester. */
const SHELL_OPERATORS = /[;&|<>`]|\$\(/;

/** `pnpm contract`, `npm run contract --`, `yarn contract`, or `tallyport-contract`. */
export function commandName(env: NodeJS.ProcessEnv): string {
  const script = env.npm_lifecycle_event;
  const body = env.npm_lifecycle_script ?? '';
  // npx and `pnpm exec` name no script of the project's: the bin was run itself.
  if (!script || script === 'npx' || body === '' || SHELL_OPERATORS.test(body) || /\s/.test(script))
    return 'tallyport-contract';
  const agent = (env.npm_config_user_agent ?? '').split('/')[0];
  if (agent === 'pnpm' || agent === 'yarn') return `${agent} ${script}`;
  if (agent === 'npm') return `npm run ${script} --`;
  return 'tallyport-contract';
}
