import { buildDocs } from '../scripts/build-docs.mjs';

export default function setup(): void {
  buildDocs({ log: () => {} });
}
