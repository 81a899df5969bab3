// Project rules Biome cannot see: no hand-written line longer than 120
// characters (strings and YAML included), generated files carry their marker,
// tests are never focused and never bind fixed ports, no source prints a key
// from the environment, nothing that ships speaks of the seed, and specs/
// holds the specs and their README only (no workspace package, so no tool run
// writes logs or caches there).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINE = 120;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const generated = (file) => /(^|\/)src\/generated\//.test(file);
const handWritten = (file) =>
  !generated(file) && !/(^|\/)(fixtures|baseline)\//.test(file) && !/(pnpm-lock\.yaml|CHANGELOG\.md)$/.test(file);
const code = (file) => /\.(ts|mts|cts|mjs|cjs|js|json|yaml|yml|sh)$/.test(file);
const shipped = (file) =>
  /^specs\/[^/]+\.(yaml|md)$/.test(file) ||
  /^(README\.md|ARCHITECTURE\.md)$/.test(file) ||
  /^packages\/[^/]+\/README\.md$/.test(file) ||
  /^docs\/(content|README)/.test(file);

const problems = [];
const read = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // deleted in the working tree
  }
};

for (const file of files) {
  const text = read(file);
  if (text === undefined) continue;
  if (generated(file) && !/generated\b[^\n]*do not edit/i.test(text.split('\n').slice(0, 3).join('\n'))) {
    problems.push(`${file}: a generated file without the "generated, do not edit" marker in its first lines`);
  }
  if (handWritten(file) && code(file)) {
    text.split('\n').forEach((line, index) => {
      if (line.length > MAX_LINE) problems.push(`${file}:${index + 1}: line longer than ${MAX_LINE} characters`);
    });
  }
  if (/\.(ts|mjs|js)$/.test(file) && handWritten(file)) {
    const isTest = /(^|\/)(test|bench)\//.test(file);
    if (/\b(it|test|describe)\.only\(/.test(text)) problems.push(`${file}: a focused test (.only)`);
    if (isTest && /listen\(\s*[1-9][0-9]{2,}/.test(text)) problems.push(`${file}: a test listens on a fixed port`);
    if (/console\.(log|error|warn|info)\([^)]*process\.env\.[A-Z_]*API_KEY/.test(text)) {
      problems.push(`${file}: prints an API key from the environment`);
    }
  }
  if (shipped(file) && /\bseeds?\b/i.test(text)) {
    problems.push(`${file}: speaks of the seed (users have no seed; say "the source documentation")`);
  }
}

for (const file of files.filter((name) => name.startsWith('specs/') && !/^specs\/[^/]+\.(yaml|md)$/.test(name)))
  problems.push(`${file}: specs/ holds the specs and their README only (checks live in tooling/spec-checks)`);
if (/^\s*-\s*['"]?specs['"]?\s*$/m.test(readFileSync('pnpm-workspace.yaml', 'utf8')))
  problems.push('pnpm-workspace.yaml: specs/ is not a workspace package (turbo would write its logs there)');

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`repository lint: ${files.length} files, ok`);
