// Guards that keep a key from leaving a server (no browser bundles by
// default, no plain-http transport to another machine by default), and the
// check that `baseUrl` is the deployment's address and not its API path.
// Each refusal is a ValidationError naming the option that decides it.
import { ValidationError } from './errors.js';

function isBrowserLike(): boolean {
  const g = globalThis as {
    window?: { document?: unknown };
    importScripts?: unknown;
    navigator?: { product?: string };
  };
  return (
    (typeof g.window === 'object' && g.window !== null && typeof g.window.document !== 'undefined') ||
    typeof g.importScripts === 'function' ||
    g.navigator?.product === 'ReactNative'
  );
}

export function assertServerEnvironment(where: string, dangerouslyAllowBrowser: boolean | undefined): void {
  if (isBrowserLike() && !dangerouslyAllowBrowser) {
    throw new ValidationError(
      'Refusing to run in a browser: every visitor could read the key. ' +
        'Call the API from a server, or pass `dangerouslyAllowBrowser: true`.',
      where,
      'dangerouslyAllowBrowser',
      dangerouslyAllowBrowser,
      undefined,
    );
  }
}

const isLoopbackHost = (hostname: string): boolean =>
  /^(localhost|.+\.localhost|\[::1\]|::1|127(\.\d{1,3}){3})$/i.test(hostname);

/**
 * Parses `baseUrl` (returned without trailing slashes); plain http to a non-loopback host only if allowed, and no
 * path that already ends in the API's prefix (`pathPrefix`), which every operation path starts with.
 */
export function checkBaseUrl(
  where: string,
  baseUrl: string | undefined,
  allowInsecureHttp: boolean | undefined,
  pathPrefix: string,
): string {
  // The value is never shown: it may carry credentials.
  const expected = (what: string): never => {
    throw new ValidationError(
      `Invalid option \`baseUrl\` for ${where}: expected ${what}.`,
      where,
      'baseUrl',
      undefined,
      undefined,
    );
  };
  if (!baseUrl) expected('the deployment address (or set the *_BASE_URL variable)');
  let url: URL;
  try {
    url = new URL(baseUrl as string);
  } catch {
    return expected('an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') expected(`http or https, not ${url.protocol}`);
  if (url.username || url.password) expected('a URL that must not carry credentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    throw new ValidationError(
      `Refusing to send the key over plain http to ${url.host}: anyone on the path could read it. ` +
        'Use https, or pass `allowInsecureHttp: true`.',
      where,
      'baseUrl',
      undefined,
      undefined,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  const first = `/${pathPrefix.split('/')[1] ?? ''}`;
  const ending = [pathPrefix, first].find((prefix) => prefix !== '/' && path.toLowerCase().endsWith(prefix));
  if (ending)
    expected(
      `the deployment's address without ${ending}, which every operation path already starts with ` +
        `(${pathPrefix}/…): use ${url.origin}${path.slice(0, path.length - ending.length)}`,
    );
  return url.href.replace(/\/+$/, '');
}
