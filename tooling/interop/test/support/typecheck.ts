// Type-checks what a generator wrote, as a strict consumer project would:
// tsc --noEmit with `strict`, against the DOM and ES2022 libraries only.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runBin, type ToolRun } from './tools.js';

export async function typecheck(dir: string): Promise<ToolRun> {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['**/*.ts'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return runBin('typescript', 'tsc', ['-p', join(dir, 'tsconfig.json'), '--pretty', 'false']);
}
