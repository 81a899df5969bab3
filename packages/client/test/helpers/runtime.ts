// Which runtime the tests run on: Node, or Bun or Deno (scripts/test-on-runtimes.mjs runs the same files there),
// for the few places where a runtime's own fetch behaves otherwise and a test says how.
export const runtime: 'node' | 'bun' | 'deno' = 'Deno' in globalThis ? 'deno' : 'Bun' in globalThis ? 'bun' : 'node';
