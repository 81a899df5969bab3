import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = join(docsDir, 'dist');
export const specsDir = join(docsDir, '..', 'specs');
export const resultsDir = join(docsDir, 'test-results');
