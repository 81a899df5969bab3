import { buildDocs } from '../scripts/build-docs.mjs';

export default async function setup(): Promise<void> {
  await buildDocs({ log: () => {} });
}
