// Project rules tsc cannot see: generated files carry their marker, tests are
// never focused, tests never bind fixed ports, and no source prints an env key.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

for await (const file of walk(join(root, 'src', 'generated'))) {
  const text = await readFile(file, 'utf8');
  if (!/generated, do not edit/.test(text.split('\n').slice(0, 3).join('\n')))
    problems.push(`${relative(root, file)}: missing the "generated, do not edit" marker`);
}
for (const dir of ['src', 'test', 'bench']) {
  for await (const file of walk(join(root, dir))) {
    if (!file.endsWith('.ts')) continue;
    const text = await readFile(file, 'utf8');
    const name = relative(root, file);
    if (/\b(it|test|describe)\.only\(/.test(text)) problems.push(`${name}: focused test (.only)`);
    if (dir !== 'src' && /listen\(\s*[1-9][0-9]{2,}/.test(text)) problems.push(`${name}: listens on a fixed port`);
    if (/console\.(log|error)\([^)]*process\.env\.[A-Z_]*API_KEY/.test(text))
      problems.push(`${name}: prints an API key from the environment`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('contract-tests lint: ok');
