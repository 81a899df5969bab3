// A page that works offline loads nothing from another host: no script,
// stylesheet, image or frame whose address is absolute (http:, https: or
// protocol-relative). Plain links (<a href>) are fine: following one is the
// reader's choice.
const assetTags = 'script|link|img|iframe|source|video|audio|embed|object';
const remoteAssetTag = new RegExp(
  `<(${assetTags})\\b[^>]*?\\b(?:src|href|data)\\s*=\\s*["']?((?:https?:)?\\/\\/[^"'\\s>]+)`,
  'gi',
);
const remoteCssImport = /@import\s+(?:url\()?\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi;

/** @param {string} html @returns {string[]} every remote asset the page would load, as `<tag> address` */
export function findRemoteAssets(html) {
  const found = [];
  for (const match of html.matchAll(remoteAssetTag)) found.push(`<${match[1].toLowerCase()}> ${match[2]}`);
  for (const match of html.matchAll(remoteCssImport)) found.push(`@import ${match[1]}`);
  return found;
}
