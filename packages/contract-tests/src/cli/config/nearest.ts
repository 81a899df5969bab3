// "Did you mean": the known name nearest to a misspelt one (`--stirct`,
// `maxRequestPerSecond`, `sortorder`), by edit distance with a swap of two
// neighbours counted as one edit, so that a typo gets the name it missed and
// an unrelated word gets none.

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`, ignoring case. */
export function editDistance(a: string, b: string): number {
  const [s, t] = [a.toLowerCase(), b.toLowerCase()];
  const rows = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return rows[s.length]![t.length]!;
}

/** The known name nearest to `word`, if one is within a third of its length (at least 1, at most 3 edits). */
export function nearest(word: string, known: readonly string[]): string | undefined {
  const allowed = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(word, name);
    if (distance <= allowed && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** "; did you mean X?" for a misspelt name, or nothing. */
export function didYouMean(word: string, known: readonly string[], show: (name: string) => string = String): string {
  const found = nearest(word, known);
  return found === undefined ? '' : `; did you mean ${show(found)}?`;
}
