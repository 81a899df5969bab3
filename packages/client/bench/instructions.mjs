// `pnpm bench --instructions`: instructions per call of each variant, counted
// by valgrind's callgrind in the client process alone (the loopback server
// runs natively in a child process). A count does not move with the load of a
// shared machine the way a time does, so the ratio to openapi-fetch holds from
// one run to the next. About a hundred times slower than running natively, so
// the batches are small and the 10,000-row list is left to the timed rounds.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VARIANT_NAMES } from './variants.mjs';

/** Warm-up and counted calls per size: fewer for the large payloads. */
export const INSTRUCTION_SIZES = [
  { rows: 0, warm: 150, counted: 100 },
  { rows: 10, warm: 150, counted: 100 },
  { rows: 100, warm: 100, counted: 60 },
  { rows: 1000, warm: 30, counted: 20 },
];

const worker = new URL('./instructions-worker.mjs', import.meta.url).pathname;

/** The `summary:` figure (instructions) of each dump callgrind wrote, by dump name. */
async function dumps(dir) {
  const out = {};
  for (const file of await readdir(dir)) {
    const text = await readFile(join(dir, file), 'utf8');
    const trigger = /^cmd:.*$|^desc: Trigger: Client Request: (\S+)/m.exec(text);
    const name = /^desc: Trigger: .*?(nothing|batch)/m.exec(text)?.[1] ?? trigger?.[1];
    const summary = /^summary: (\d+)/m.exec(text)?.[1];
    if (name && summary) out[name] = Number(summary);
  }
  return out;
}

async function count(variant, { rows, warm, counted }) {
  const dir = await mkdtemp(join(tmpdir(), 'tallyport-callgrind-'));
  try {
    await promisify(execFile)(
      'valgrind',
      [
        '--tool=callgrind',
        `--callgrind-out-file=${join(dir, 'cg.out')}`,
        process.execPath,
        worker,
        variant,
        String(rows),
        String(warm),
        String(counted),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { nothing, batch } = await dumps(dir);
    if (nothing === undefined || batch === undefined) throw new Error(`callgrind wrote no counts for ${variant}`);
    return (batch - nothing) / counted;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Instructions per call of every variant at every size, `passes` times over
 * (two workers at once: a count does not care how busy the machine is).
 */
export async function measureInstructions({ passes = 1, parallel = 2 } = {}) {
  const jobs = [];
  for (let pass = 0; pass < passes; pass++)
    for (const size of INSTRUCTION_SIZES) for (const variant of VARIANT_NAMES) jobs.push({ size, variant });
  const results = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const key = `${job.size.rows}:${job.variant}`;
        const per = await count(job.variant, job.size);
        results.set(key, [...(results.get(key) ?? []), per]);
      }
    }),
  );
  return INSTRUCTION_SIZES.map((size) => ({
    rows: size.rows,
    counted: size.counted,
    variants: Object.fromEntries(VARIANT_NAMES.map((variant) => [variant, results.get(`${size.rows}:${variant}`)])),
  }));
}
