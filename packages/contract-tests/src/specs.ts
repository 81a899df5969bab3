// The bundled specs (src/generated/*.openapi.json, written by `pnpm generate`)
// are imported into the build, so the published package never reads the
// repository's specs/ folder.
import analyticsDocument from './generated/analytics.openapi.json' with { type: 'json' };
import marketplaceDocument from './generated/marketplace.openapi.json' with { type: 'json' };

export type ApiName = 'analytics' | 'marketplace';
export const API_NAMES: readonly ApiName[] = ['analytics', 'marketplace'];

// The documents are plain JSON; callers walk them with the helpers in spec/.
export type OpenApiDocument = Record<string, unknown>;

export const specDocuments: Record<ApiName, OpenApiDocument> = {
  analytics: analyticsDocument as OpenApiDocument,
  marketplace: marketplaceDocument as OpenApiDocument,
};
