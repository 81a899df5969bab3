// The spec models of both APIs (src/generated/*.model.json, written by
// `pnpm generate` from the repository's one spec model) are imported into the
// build, so the published package never reads the repository's specs/ folder.
import { API_NAMES, type ApiName, type JsonObject, type SpecModel, writableKind } from '@tallyport/spec-model/query';
import analytics from '../generated/analytics.model.json' with { type: 'json' };
import marketplace from '../generated/marketplace.model.json' with { type: 'json' };

export { API_NAMES, type ApiName };

export const specModels: Record<ApiName, SpecModel> = {
  analytics: analytics.model as unknown as SpecModel,
  marketplace: marketplace.model as unknown as SpecModel,
};

/** The bundled OpenAPI documents, as Prism and validators load them. */
export const specDocuments: Record<ApiName, JsonObject> = {
  analytics: specModels.analytics.document,
  marketplace: specModels.marketplace.document,
};

/** The APIs whose spec names a record the tester may create, and so may have to clean up. */
export const WRITABLE_APIS: readonly ApiName[] = API_NAMES.filter((api) => writableKind(specModels[api]) !== undefined);
