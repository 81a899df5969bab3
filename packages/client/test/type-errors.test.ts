// What the compiler tells an integrator who writes a mistake, read from the
// TypeScript compiler itself: the error must name the field, not only say
// that some type is not assignable to `undefined`.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, test } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));

/** The messages of the compiler's errors for a snippet placed in this folder, under strict settings. */
function compilerErrors(source: string): string[] {
  const file = `${here}snippet.ts`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : read(name, language, ...rest);
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists.bind(host));
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

test('update(42, { domain }) is refused by the compiler with an error that names domain', () => {
  const errors = compilerErrors(`
import { createAnalyticsClient } from '../src/index.js';
const analytics = createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: 'k' });
export const changed = analytics.websites.update(42, { domain: 'shop.lunaria.cn' });
const body = { domain: 'shop.lunaria.cn', privacy: 0 as const };
export const spread = analytics.websites.update(42, body);
export const fine = analytics.websites.update(42, { privacy: 0, email: 1 });
`);
  expect(errors).toHaveLength(2);
  for (const error of errors) expect(error).toContain('NotAnUpdateField<"domain">');
  expect(errors[1]).toContain("property 'domain'");
});
