// The inlined Redoc bundle still points its attribution logo at Redocly's CDN
// (an <img> added at run time, so the page would log a failed request when
// offline). Those addresses are swapped for a self-contained image. The
// browser test blocks every other host and fails on any request that a new
// Redoc version adds, so this list stays complete.
const logo = (text) => {
  const width = text.length * 8 + 8;
  const font = 'font-family="sans-serif" font-size="12" font-weight="600"';
  const label = `<text x="4" y="12" ${font} fill="#0044d4">${text}</text>`;
  const box = `width="${width}" height="16" viewBox="0 0 ${width} 16"`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" ${box}>${label}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};

export const offlineRewrites = [
  { remote: 'https://cdn.redoc.ly/redoc/logo-mini-full.svg', local: logo('Redocly') },
  { remote: 'https://cdn.redoc.ly/redoc/logo-mini.svg', local: logo('R') },
];

/** @param {string} html @returns {{ html: string, rewritten: string[] }} */
export function rewriteForOffline(html) {
  const rewritten = [];
  let result = html;
  for (const { remote, local } of offlineRewrites) {
    if (result.includes(remote)) {
      result = result.split(remote).join(local);
      rewritten.push(remote);
    }
  }
  return { html: result, rewritten };
}
