// `pnpm docs:serve`: serves docs/dist on 127.0.0.1 (PORT, default 8080).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!existsSync(join(root, 'index.html'))) {
  console.error(`No built docs in ${root}: run \`pnpm docs:build\` first.`);
  process.exit(1);
}
const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}
const server = await startStaticServer({ root, port });
console.log(`Tallyport docs on ${server.url} (Ctrl+C to stop)`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
