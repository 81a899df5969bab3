// Whether an address is this machine: plain http is allowed there (the key
// never leaves it), and a run there is not paced (a local mock or a
// deployment under development has no rate limit to respect).

/** localhost (and *.localhost), 127.0.0.0/8 and ::1, as URL.hostname spells them. */
export const isLoopbackHost = (hostname: string): boolean =>
  /^(localhost|.+\.localhost|\[::1\]|::1|127(\.\d{1,3}){3})$/i.test(hostname);

/** Whether a URL's host is this machine; false for anything that does not parse. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
