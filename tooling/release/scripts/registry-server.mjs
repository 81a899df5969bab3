// The local registry of the release rehearsal, in a process of its own so that the rehearsal can wait on its
// commands synchronously: Verdaccio (pinned in package.json) with the configuration file it is given, on a
// free 127.0.0.1 port, announced as one JSON line `{"port":N}` on stdout. It stops on SIGTERM or SIGINT, and
// when its parent goes away (stdin closes), so it never outlives a rehearsal.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { runServer } = require('verdaccio');

const configFile = process.argv[2];
if (!configFile) {
  console.error('usage: node registry-server.mjs <verdaccio config.yaml>');
  process.exit(2);
}

const server = await runServer(configFile);
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();

server.on('error', (error) => {
  console.error(`local registry: ${error.message}`);
  process.exit(1);
});
// Port 0: the system picks a free port, so two rehearsals (or tests) never collide.
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
