/** `1 case`, `3 cases`: a count and its noun, plural but for one. */
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
