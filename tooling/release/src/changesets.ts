// Reads the pending changesets (.changeset/*.md): the front matter of each
// maps package names to a release kind. The largest kind per package wins,
// as it will when `changeset version` runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isBumpLevel, maxLevel, type BumpLevel } from './levels.js';

export interface PendingChangeset {
  file: string;
  releases: Record<string, BumpLevel>;
}

export function parseChangeset(file: string, text: string): PendingChangeset {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---/.exec(text.trimStart());
  if (!match)
    throw new Error(`${file}: no front matter (a changeset starts with --- "package": major|minor|patch ---)`);
  const front: unknown = match[1]!.trim() === '' ? {} : parse(match[1]!);
  if (typeof front !== 'object' || front === null || Array.isArray(front))
    throw new Error(`${file}: front matter is not a map of package to release kind`);
  const releases: Record<string, BumpLevel> = {};
  for (const [name, level] of Object.entries(front)) {
    if (!isBumpLevel(level))
      throw new Error(`${file}: "${name}" has release kind ${JSON.stringify(level)}; expected major, minor or patch`);
    releases[name] = level;
  }
  return { file, releases };
}

export function readPendingChangesets(changesetDir: string): PendingChangeset[] {
  let names: string[];
  try {
    names = readdirSync(changesetDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md')
    .sort()
    .map((name) => parseChangeset(name, readFileSync(join(changesetDir, name), 'utf8')));
}

/** The release kind each package gets from all pending changesets together. */
export function pendingBumps(changesets: PendingChangeset[]): Record<string, BumpLevel> {
  const result: Record<string, BumpLevel> = {};
  for (const changeset of changesets) {
    for (const [name, level] of Object.entries(changeset.releases))
      result[name] = result[name] ? maxLevel(result[name], level) : level;
  }
  return result;
}
