// Every link the specs declare reaches the rendered pages, naming the
// operation it leads to and the value of each of its parameters.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpecs } from '../scripts/read-specs.mjs';
import { distDir, specsDir } from './paths.js';

const specs = await readSpecs(specsDir);

describe('the links of the specs in the rendered pages', () => {
  it.each(specs.map((spec) => [spec.api, spec] as const))(
    '%s shows every link with its target and parameters',
    (api, spec) => {
      const html = readFileSync(join(distDir, `${api}.html`), 'utf8');
      const links = spec.model.operations.flatMap(
        (operation: { links: Array<{ name: string; operationId: string }> }) => operation.links,
      );
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(html).toContain(`**${link.name}**`);
        expect(html).toContain(`#operation/${link.operationId}`);
      }
    },
  );
});
