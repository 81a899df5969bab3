// One line per step, in order, stopping at the first failure, which the last line names: what a maintainer
// reads of a rehearsal. The steps' commands write to a log; only a failure brings the end of it to the terminal.
export interface StepResult {
  /** What the step established, in a few words (versions, URLs, counts). */
  detail: string;
}

export interface Step<C> {
  name: string;
  run(context: C): StepResult | Promise<StepResult>;
}

export interface Outcome {
  ok: boolean;
  /** The step that failed, when one did. */
  failedStep?: string;
  error?: Error;
}

export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

export const okLine = (name: string, detail: string, ms: number): string =>
  `  ok    ${name}: ${detail} (${formatDuration(ms)})`;

export function failLines(name: string, error: Error): string[] {
  const [first = '', ...rest] = error.message.split('\n');
  return [`  FAIL  ${name}: ${first}`, ...rest.map((line) => `        ${line}`)];
}

export async function runSteps<C>(context: C, steps: Step<C>[], print: (line: string) => void): Promise<Outcome> {
  for (const step of steps) {
    const started = Date.now();
    try {
      const { detail } = await step.run(context);
      print(okLine(step.name, detail, Date.now() - started));
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      for (const line of failLines(step.name, error)) print(line);
      return { ok: false, failedStep: step.name, error };
    }
  }
  return { ok: true };
}

/** The last line of a failed rehearsal: the step to look at. */
export const failedLine = (outcome: Outcome): string => `release rehearsal: failed at step "${outcome.failedStep}"`;
