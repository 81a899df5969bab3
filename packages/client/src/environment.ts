// Guards that keep a key from leaving a server: no browser bundles by
// default, no plain-http transport to another machine by default.
import { TallyportError } from './errors.js';

export function isBrowserLike(): boolean {
  const g = globalThis as {
    window?: { document?: unknown };
    document?: unknown;
    importScripts?: unknown;
    navigator?: { product?: string };
  };
  return (
    (typeof g.window === 'object' && g.window !== null && typeof g.window.document !== 'undefined') ||
    typeof g.importScripts === 'function' ||
    g.navigator?.product === 'ReactNative'
  );
}

export function assertServerEnvironment(dangerouslyAllowBrowser: boolean | undefined): void {
  if (isBrowserLike() && !dangerouslyAllowBrowser) {
    throw new TallyportError(
      'Refusing to run in a browser-like environment: the API key would be exposed to every visitor. ' +
        'Call the API from your server, or pass `dangerouslyAllowBrowser: true` if you understand the risk.',
    );
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses `baseUrl` and refuses plain http to a non-loopback host unless allowed. */
export function checkBaseUrl(baseUrl: string | undefined, allowInsecureHttp: boolean | undefined): URL {
  if (!baseUrl) throw new TallyportError('`baseUrl` is required (for example https://analytics.example.com).');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TallyportError('`baseUrl` must be an absolute http(s) URL such as https://analytics.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TallyportError(`\`baseUrl\` must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new TallyportError('`baseUrl` must not carry credentials; pass the key as `apiKey`.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecureHttp) {
    throw new TallyportError(
      `Refusing to send the API key over plain http to ${url.host}: anyone on the path could read it. ` +
        'Use https, or pass `allowInsecureHttp: true` if the network is trusted.',
    );
  }
  return url;
}
