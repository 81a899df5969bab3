// The process startMocks() launches: one Node process that serves every
// requested spec with Prism's own HTTP server (the same modules the `prism`
// CLI runs), so Prism's code is loaded once, not once per API. It listens on
// the requested ports (0 = the OS picks a free one, no race), prints
// "READY <api> <url>" per server, and exits when told to or when its parent
// goes away (stdin closes), so no mock outlives the process that started it.
'use strict';
const Module = require('node:module');
const { PassThrough } = require('node:stream');

// Prism requires faker whole as it loads, with its sixty locales: about a second of start-up. Prism only ever uses
// faker's default instance, whose locale is English, and only in its dynamic mode (these mocks answer with the
// spec's examples). So Prism is handed the English-only build, the same instance type with the same locale.
const loadModule = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === '@faker-js/faker' && /[\\/]@stoplight[\\/]prism-http[\\/]/.test(parent?.filename ?? '')) {
    const english = loadModule.call(this, '@faker-js/faker/locale/en', parent, isMain);
    return { __esModule: true, default: english, faker: english };
  }
  return loadModule.call(this, request, parent, isMain);
};

// The three modules are direct dependencies pinned to one Node 20 line, so one copy of each loads.
const { createServer } = require('@stoplight/prism-http-server');
const { getHttpOperationsFromSpec } = require('@stoplight/prism-http');
const { createLogger } = require('@stoplight/prism-core');

const servers = [];
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled(servers.map((server) => server.close()));
  process.exit(code);
}

async function serve({ api, specFile, host, port }) {
  const operations = await getHttpOperationsFromSpec(specFile);
  // Prism logs every request; nobody reads those lines here, so they are dropped.
  const sink = new PassThrough();
  sink.resume();
  const logger = createLogger(api, { level: 'error' }, sink);
  const server = createServer(operations, {
    cors: true,
    // The settings of `prism mock` (validate requests and security, static examples), but for the validation of
    // Prism's own answers: they are the spec's examples, validated once by the specs' tests, and Prism only logs
    // what it finds (below the error level shown here), so it was work on every request for nothing.
    config: {
      validateRequest: true,
      validateResponse: false,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      mock: { dynamic: false },
      isProxy: false,
    },
    components: { logger },
  });
  const address = await server.listen(port, host);
  servers.push(server);
  process.stdout.write(`READY ${api} ${String(address).replace(/\/$/, '')}\n`);
}

process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
process.stdin.on('end', () => stop(0));
process.stdin.resume();

const requested = JSON.parse(process.argv[2] || '[]');
Promise.all(requested.map(serve)).catch((error) => {
  process.stderr.write(`${error?.message ? error.message : String(error)}\n`);
  stop(1);
});
