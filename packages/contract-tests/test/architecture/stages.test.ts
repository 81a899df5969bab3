// The engine's folders are the stages of its pipeline, in order: the spec model as the engine reads it, the cases
// made from it, the transport that sends them, the answers read once, the checks that judge them, the observations
// beside them, and the reports that render them; the run, the judge of recorded traffic and the command line
// orchestrate the stages, and the package's entry points sit on top. A file may import its own stage or an earlier
// one, never a later one, and no import goes round in a circle (ARCHITECTURE.md, "The contract engine").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

/** Each top folder of `src/` and its place in the pipeline; files at the top are the entry points. */
const STAGES: Readonly<Record<string, number>> = {
  // What every stage may use: the specs' generated model, and text made safe to print.
  generated: 0,
  text: 0,
  spec: 1,
  cases: 2,
  transport: 3,
  answers: 4,
  // Cases that follow from answers: links followed, effects tried on the data, combinations completed.
  derived: 5,
  checks: 6,
  // What the deployment holds: the model of its state, and the invariants the checks judge on it.
  state: 6,
  observations: 6,
  // What a baseline pins of a deployment, judged by a check beside the others.
  baseline: 6,
  // The registry of every judge: above the checks and the invariants, the one place that knows both.
  registry: 7,
  report: 8,
  // The orchestration: one run of the stages, the judge of a recorded file, and the command line over both.
  run: 9,
  recorded: 9,
  cli: 10,
  '.': 11,
};

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const stageOf = (file: string): string => {
  const top = relative(SRC, file).split('/')[0]!;
  return top.endsWith('.ts') ? '.' : top;
};

/** Every relative import of a file (types too), as files of `src/`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return found.map((specifier) => normalize(join(dirname(file), specifier.replace(/\.js$/, '.ts'))));
}

const files = sources(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.endsWith('.ts'))]));

describe('the stages of the engine', () => {
  it('names every folder of src/ as a stage', () => {
    const folders = [...new Set(files.map(stageOf))];
    expect(folders.filter((folder) => STAGES[folder] === undefined)).toEqual([]);
  });

  it('has no import from a later stage into an earlier one', () => {
    const backward: string[] = [];
    for (const [file, targets] of graph)
      for (const target of targets)
        if (STAGES[stageOf(target)]! > STAGES[stageOf(file)]!)
          backward.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
    expect(backward).toEqual([]);
  });

  it('keeps the checks apart from the model of the state: no check imports from src/state/', () => {
    const intoState = [...graph].flatMap(([file, targets]) =>
      stageOf(file) === 'checks'
        ? targets
            .filter((target) => stageOf(target) === 'state')
            .map((target) => `${relative(SRC, file)} -> ${relative(SRC, target)}`)
        : [],
    );
    expect(intoState).toEqual([]);
  });

  it('has no import cycle, of files or of stages', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const target of graph.get(file) ?? []) {
        if (state.get(target) === 'open')
          cycles.push(
            path
              .slice(path.indexOf(target))
              .concat(target)
              .map((entry) => relative(SRC, entry))
              .join(' -> '),
          );
        else if (!state.has(target) && graph.has(target)) visit(target);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
