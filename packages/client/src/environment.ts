// Guards that keep a key from leaving a server (no browser bundles by
// default, no plain-http transport to another machine by default), and the
// check that `baseUrl` is the deployment's address and not its API path.
// Each refusal is a ValidationError naming the option that decides it.
import { optionError } from './option-checks.js';

const isBrowserLike = (): boolean => {
  const g = globalThis as {
    window?: { document?: unknown };
    importScripts?: unknown;
    navigator?: { product?: string };
  };
  return (
    g.window?.document !== undefined || typeof g.importScripts === 'function' || g.navigator?.product === 'ReactNative'
  );
};

export function assertServerEnvironment(where: string, dangerouslyAllowBrowser: boolean | undefined): void {
  if (isBrowserLike() && !dangerouslyAllowBrowser) {
    throw optionError(
      where,
      'dangerouslyAllowBrowser',
      'In a browser every visitor could read the key: ' +
        'call the API from a server, or pass `dangerouslyAllowBrowser: true`.',
      dangerouslyAllowBrowser,
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
    throw optionError(where, 'baseUrl', `Invalid option \`baseUrl\` for ${where}: expected ${what}.`);
  };
  if (!baseUrl) expected('the deployment address (or set the *_BASE_URL variable)');
  let url: URL;
  try {
    url = new URL(baseUrl as string);
  } catch {
    return expected('an absolute http(s) URL');
  }
  const { protocol, origin } = url;
  if (protocol !== 'https:' && protocol !== 'http:') expected(`http or https, not ${protocol}`);
  if (url.username || url.password) expected('no credentials in the URL');
  if (protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    throw optionError(
      where,
      'baseUrl',
      `Over plain http to ${url.host} anyone on the path could read the key: ` +
        'use https, or pass `allowInsecureHttp: true`.',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  const first = `/${pathPrefix.split('/')[1]}`;
  const ending = [pathPrefix, first].find((prefix) => prefix !== '/' && path.toLowerCase().endsWith(prefix));
  if (ending) expected(`no ${ending}, which every path starts with: use ${origin}${path.slice(0, -ending.length)}`);
  return url.href.replace(/\/+$/, '');
}
