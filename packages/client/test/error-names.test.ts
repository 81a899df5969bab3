// Every error class prints under its own name, from the ESM and the CommonJS
// builds alike: a build step once renamed the CommonJS classes (`_class2
// [ValidationError]`), which is what an integrator's logs then showed.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';

const require = createRequire(import.meta.url);
const built = (file: string) => {
  const url = new URL(`../dist/${file}`, import.meta.url);
  if (!existsSync(url))
    throw new Error(`dist/${file} is missing: run \`pnpm build\` first (turbo does it for \`test\`)`);
  return url;
};

const builds: [string, () => Promise<Record<string, unknown>>][] = [
  ['CommonJS (require)', async () => require(built('index.cjs').pathname)],
  ['ESM (import)', async () => import(built('index.js').href)],
];

describe.each(builds)('%s', (_, load) => {
  test('each error class has its real name, in its constructor, its instances and their rendering', async () => {
    const exports = await load();
    const classes = Object.entries(exports).filter(([name]) => name.endsWith('Error'));
    expect(classes.length).toBeGreaterThanOrEqual(20);
    for (const [name, Class] of classes) {
      const error = new (Class as new (message: string) => Error)('boom');
      expect((Class as { name: string }).name).toBe(name);
      expect(error.name).toBe(name);
      expect(error).toBeInstanceOf(exports.TallyportError as typeof Error);
      expect(inspect(error)).toMatch(new RegExp(`^${name}: boom\\n`));
      expect(String(error)).toBe(`${name}: boom`);
    }
  });
});
