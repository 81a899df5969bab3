// Request samples for every operation (Redoc's `x-codeSamples`): `curl` and
// TypeScript with @tallyport/client, written at docs build time from the spec
// model (paths, parameters, their examples, where the key travels), never
// typed by hand in the specs. The only hand-written part is the client's own
// surface below: which method serves an operation and how it takes its
// arguments. A test compiles every TypeScript sample against the built client
// and runs every curl sample against the Prism mock, so both stay true.

/** How each API's client is made, and the environment variable its key is read from. */
const CLIENTS = {
  analytics: { factory: 'createAnalyticsClient', variable: 'analytics', keyEnv: 'ANALYTICS_API_KEY' },
  marketplace: { factory: 'createMarketplaceClient', variable: 'market', keyEnv: 'MARKETPLACE_API_KEY' },
};

/**
 * The client method of each operation and its arguments, in order: `path` (the one path parameter's value),
 * `query` or `body` (an object of the operation's query parameters or body fields), or the name of a single
 * parameter passed as a plain value.
 * @type {Record<string, { call: string, args: string[] }>}
 */
const CLIENT_CALLS = {
  listWebsites: { call: 'websites.list', args: ['query'] },
  createWebsite: { call: 'websites.create', args: ['body'] },
  getWebsite: { call: 'websites.get', args: ['path'] },
  updateWebsite: { call: 'websites.update', args: ['path', 'body'] },
  deleteWebsite: { call: 'websites.delete', args: ['path'] },
  getStats: { call: 'stats.get', args: ['path', 'query'] },
  getAccountDetails: { call: 'account.details', args: [] },
  listItems: { call: 'items.list', args: [] },
  getItem: { call: 'items.get', args: ['item_id'] },
  validatePurchase: { call: 'purchases.validate', args: ['purchase_code'] },
};

/** The sample tabs Redocly shows, in order: ours, then the request payload it renders itself. */
export const CODE_SAMPLE_LANGUAGES = [
  { lang: 'Shell', label: 'curl' },
  { lang: 'TypeScript', label: '@tallyport/client' },
  { lang: 'Payload' },
];

/**
 * @typedef {import('@tallyport/spec-model').SpecModel} SpecModel
 * @typedef {SpecModel['operations'][number]} Operation
 * @typedef {{ lang: string, label: string, source: string }} CodeSample
 */

/** The base address a reader's copy starts with: the server's default (the Prism mock of `pnpm mock`). */
export function defaultBaseUrl(model) {
  const server = model.document.servers?.[0];
  if (!server) throw new Error(`${model.api}: the spec has no server, so the samples have no address`);
  return server.url.replace(/\{(\w+)\}/g, (_, name) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`${model.api}: server variable ${name} has no default`);
    return value;
  });
}

/** @param {SpecModel} model @returns {Map<string, CodeSample[]>} the samples of each operation, by operation id */
export function codeSamplesOf(model) {
  const client = CLIENTS[model.api];
  const baseUrl = defaultBaseUrl(model);
  return new Map(
    model.operations.map((op) => {
      if (!CLIENT_CALLS[op.id]) {
        throw new Error(`${model.api}: operation ${op.id} has no client method in docs/scripts/code-samples.mjs`);
      }
      const values = sampleValues(op);
      return [
        op.id,
        [
          { lang: 'Shell', label: 'curl', source: curlSample(op, values, baseUrl, client) },
          { lang: 'TypeScript', label: '@tallyport/client', source: clientSample(op, values, baseUrl, client) },
        ],
      ];
    }),
  );
}

/** The bundled document with every operation's samples under `x-codeSamples`, ready for Redoc. */
export function documentWithCodeSamples(model) {
  const document = structuredClone(model.document);
  const samples = codeSamplesOf(model);
  for (const op of model.operations) {
    document.paths[op.path][op.method.toLowerCase()]['x-codeSamples'] = samples.get(op.id);
  }
  return document;
}

/**
 * The value of each parameter a sample sends: path parameters and required ones always, optional ones when the
 * spec gives an example. Body fields come from the richest body example. The key is never a value here.
 * @param {Operation} op
 * @returns {{ path: [string, unknown][], query: [string, unknown][], body: [string, unknown][] }}
 */
function sampleValues(op) {
  const chosen = { path: [], query: [], body: [] };
  for (const parameter of op.parameters) {
    if (parameter.in === 'body' || parameter.role === 'credential' || parameter.forbidden) continue;
    const value = parameter.example ?? (parameter.required ? parameter.enum?.[0] : undefined);
    if (value === undefined) {
      if (parameter.required) throw new Error(`${op.id}: required parameter ${parameter.name} has no example`);
      continue;
    }
    if (parameter.in === 'path' || parameter.in === 'query') chosen[parameter.in].push([parameter.name, value]);
  }
  const examples = (op.body?.examples ?? []).map((example) => example.value);
  const richest = examples.sort((a, b) => Object.keys(b).length - Object.keys(a).length)[0] ?? {};
  const credential = op.parameters.find((parameter) => parameter.in === 'body' && parameter.role === 'credential');
  chosen.body = Object.entries(richest).filter(([name]) => name !== credential?.name);
  return chosen;
}

const shellQuote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;

function curlSample(op, values, baseUrl, client) {
  let path = op.path;
  for (const [name, value] of values.path) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  const lines = [op.method === 'GET' ? 'curl --get' : `curl --request ${op.method}`];
  lines.push(`  ${shellQuote(baseUrl + path)}`);
  const key = `$${client.keyEnv}`;
  if (op.credential?.in === 'bearer') lines.push(`  --header "Authorization: Bearer ${key}"`);
  if (op.credential?.in === 'header') lines.push(`  --header "${op.credential.name}: ${key}"`);
  if (op.credential?.in === 'query' || op.credential?.in === 'body') {
    lines.push(`  --data-urlencode "${op.credential.name}=${key}"`);
  }
  for (const [name, value] of [...values.query, ...values.body]) {
    lines.push(`  --data-urlencode ${shellQuote(`${name}=${value}`)}`);
  }
  return lines.join(' \\\n');
}

const literal = (value) => (typeof value === 'string' ? `'${value.replaceAll("'", "\\'")}'` : JSON.stringify(value));
// One line while it reads as one; otherwise one field per line.
function objectLiteral(entries) {
  const fields = entries.map(([name, value]) => `${name}: ${literal(value)}`);
  const inline = `{ ${fields.join(', ')} }`;
  if (fields.length === 0) return '{}';
  return inline.length <= 60 ? inline : `{\n${fields.map((field) => `  ${field},`).join('\n')}\n}`;
}

function clientSample(op, values, baseUrl, client) {
  const { call, args } = CLIENT_CALLS[op.id];
  const single = (name) => {
    const found = [...values.path, ...values.query, ...values.body].find(([field]) => field === name);
    if (!found) throw new Error(`${op.id}: the sample has no value for ${name}`);
    return literal(found[1]);
  };
  const argumentList = args.map((arg) => {
    if (arg === 'path') return literal(values.path[0]?.[1]);
    if (arg === 'query') return objectLiteral(values.query);
    if (arg === 'body') return objectLiteral(values.body);
    return single(arg);
  });
  return [
    `import { ${client.factory} } from '@tallyport/client';`,
    '',
    `// The key is read from ${client.keyEnv}.`,
    `const ${client.variable} = ${client.factory}({ baseUrl: ${literal(baseUrl)} });`,
    `const result = await ${client.variable}.${call}(${argumentList.join(', ')});`,
    'console.log(result);',
  ].join('\n');
}
