// The index page's one search across both APIs: at build time, an entry per
// operation made from the spec model (its summary, path, method, parameters,
// their allowed values and defaults, the credential it takes even where one
// security scheme defines it for every operation, the outcome values its body
// states, 成功 and 错误, and the marketplace messages), linking to the
// operation on its Redoc page. The page filters it in the browser; nothing is
// fetched.

/** Redoc's anchor of an operation: `#/<tag>/<operationid>`, both as slugs. */
export function operationAnchor(operation) {
  const slug = (text) =>
    String(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const tag = operation.tags[0];
  return tag === undefined ? `#/${slug(operation.id)}` : `#/${slug(tag)}/${slug(operation.id)}`;
}

/**
 * @param {import('./read-specs.mjs').SpecInfo[]} specs
 * @returns {{ api: string, apiTitle: string, method: string, path: string, summary: string, href: string,
 *   text: string }[]}
 */
export function buildSearchIndex(specs) {
  return specs.flatMap((spec) =>
    spec.model.operations.map((operation) => {
      const words = [
        spec.title,
        operation.id,
        operation.method,
        operation.path,
        operation.summary,
        operation.description,
        ...operation.tags,
        ...operation.parameters.flatMap((parameter) => [
          parameter.name,
          parameter.description,
          ...(parameter.enum ?? []).map(String),
          ...(parameter.hasDefault ? [String(parameter.default)] : []),
        ]),
        ...credentialWords(operation.credential),
        ...outcomeWords(spec.model.outcome),
        ...operation.errorMessages.flatMap((message) => [message.msg, message.code]),
      ];
      return {
        api: spec.api,
        apiTitle: spec.title,
        method: operation.method,
        path: operation.path,
        summary: operation.summary ?? operation.id,
        href: `${spec.api}.html${operationAnchor(operation)}`,
        text: words.filter(Boolean).join(' ').toLowerCase(),
      };
    }),
  );
}

/** The credential an operation takes: its parameter (`api_key`), or the bearer header. */
function credentialWords(credential) {
  if (!credential) return [];
  return credential.in === 'bearer' ? ['Authorization', 'Bearer'] : [credential.name];
}

/** What a body of the API states about its outcome: the field and both values (`status`, 成功, 错误, `msg`). */
function outcomeWords(outcome) {
  if (!outcome) return [];
  return [outcome.field, String(outcome.success), String(outcome.error), outcome.messageField];
}

/**
 * Runs in the page: shows the entries that contain every word typed. Serialized into the page as it is
 * written here, so it may use nothing from outside itself.
 */
export function searchInPage() {
  const entries = JSON.parse(document.getElementById('search-index').textContent);
  const input = document.getElementById('search-input');
  const list = document.getElementById('search-results');
  const status = document.getElementById('search-status');
  const show = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    list.replaceChildren();
    if (words.length === 0) {
      status.textContent = '';
      return;
    }
    const found = entries.filter((entry) => words.every((word) => entry.text.includes(word)));
    status.textContent = found.length === 1 ? '1 operation' : `${found.length} operations`;
    for (const entry of found) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = entry.href;
      const api = document.createElement('span');
      api.className = 'search-api';
      api.textContent = entry.apiTitle;
      const method = document.createElement('span');
      method.className = 'method';
      method.textContent = entry.method;
      const path = document.createElement('code');
      path.textContent = entry.path;
      link.append(api, ' ', method, ' ', path, ` ${entry.summary}`);
      item.append(link);
      list.append(item);
    }
  };
  input.addEventListener('input', show);
  show();
}
