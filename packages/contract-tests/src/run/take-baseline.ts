// `tallyport-contract baseline` and `--update-baseline`: a normal run, whose
// points observed where the spec is silent are written as the baseline
// overlay. The file is rewritten only where what it pins changed, and it
// holds no key: the whole text passes the run's redactor before it is written.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { API_NAMES, type ApiName } from '@tallyport/spec-model/query';
import { type BaselineOverlay, baselineActions, baselineOverlay, baselineText } from '../baseline/overlay-write.js';
import type { ObservedPoint } from '../observations/points.js';
import type { RunResult } from '../report/result.js';
import { specModels } from '../spec/models.js';
import { deploymentRedactor, type RunOptions, runContract } from './contract.js';

/** The seed a baseline run draws with unless `--seed` is given, so that taking it twice gives the same file. */
export const BASELINE_SEED = 1;

export interface TakenBaseline {
  result: RunResult;
  overlay: BaselineOverlay;
  /** The file written (or left as it was). */
  file: string;
  /** Whether the file's text changed (false: it already pinned exactly this). */
  changed: boolean;
  /** Why no file was written: the run could not check the deployment (exit 2). */
  notWritten?: string;
}

/**
 * Runs against the deployment as `options` say and writes what it observed to `file`. A run that could not check
 * what it was asked (exit 2) writes nothing: a baseline of half a run would pin half the deployment.
 */
export async function takeBaseline(options: RunOptions, file: string): Promise<TakenBaseline> {
  const observed = new Map<ApiName, readonly ObservedPoint[]>();
  const result = await runContract({
    ...options,
    // The combinations and search texts a run draws follow its seed: a baseline draws the same ones each time.
    seed: options.seed ?? BASELINE_SEED,
    onObserved: (api, points) => {
      observed.set(api, points);
      options.onObserved?.(api, points);
    },
  });
  const actions = API_NAMES.flatMap((api) => baselineActions(api, specModels[api], observed.get(api) ?? []));
  const versions = Object.fromEntries(
    API_NAMES.filter((api) => observed.has(api)).map((api) => [api, specModels[api].info.version]),
  );
  const overlay = baselineOverlay(actions, { runId: result.runId, date: result.startedAt.slice(0, 10) }, versions);
  if (result.exitCode === 2 || actions.length === 0)
    return {
      result,
      overlay,
      file,
      changed: false,
      notWritten:
        actions.length === 0
          ? 'the run observed nothing to pin'
          : 'the run could not check everything it was asked to (exit 2); nothing was written',
    };
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const text = deploymentRedactor(options).text(baselineText(overlay, previous));
  if (text !== previous) writeFileSync(file, text);
  return { result, overlay, file, changed: text !== previous };
}
