// Records the current specs and public package versions as the released
// baseline (tooling/release/baseline/). Run it once before the first
// release; afterwards the release tags that `changeset publish` creates are
// the baseline, and this folder is only the fallback for clones without tags.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const baselineDir = join(rootDir, 'tooling', 'release', 'baseline');
const publicPackages = ['types', 'client', 'contract-tests'];

rmSync(baselineDir, { recursive: true, force: true });
mkdirSync(baselineDir, { recursive: true });
for (const name of readdirSync(join(rootDir, 'specs')).filter((n) => n.endsWith('.yaml'))) {
  copyFileSync(join(rootDir, 'specs', name), join(baselineDir, name));
}
const versions = {};
for (const dir of publicPackages) {
  const manifest = JSON.parse(readFileSync(join(rootDir, 'packages', dir, 'package.json'), 'utf8'));
  versions[manifest.name] = manifest.version;
}
writeFileSync(join(baselineDir, 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
console.log(`baseline: ${readdirSync(baselineDir).join(', ')} → ${baselineDir}`);
