import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenApiDocument } from '../src/openapi-document.js';

export const fixturesDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const repoRoot = join(fixturesDir, '..', '..', '..', '..');

export const fixtureText = (name: string): string => readFileSync(join(fixturesDir, name), 'utf8');
export const baseSpec = (): Promise<OpenApiDocument> => OpenApiDocument.parse(fixtureText('base.yaml'), 'base.yaml');
export const afterSpec = (pair: string): Promise<OpenApiDocument> =>
  OpenApiDocument.parse(fixtureText(`${pair}/after.yaml`), `${pair}/after.yaml`);
