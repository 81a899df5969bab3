// The public surface of the spec model, as an explicit list: loading (Node,
// build time) and the pure queries, which query.ts also offers on its own.
export {
  type LoadedDocument,
  type LoadedSpec,
  loadDocumentFromText,
  loadSpec,
  loadSpecFromText,
  loadSpecs,
  SpecLoadError,
  specSource,
} from './load.js';
export { EFFECTS, MARKS, type MarkName, PARAMETER_ROLES, SpecMarkError } from './marks.js';
export * from './query.js';
export { isForbidden, isRequiredPath, propertyOf, recordLocationsOf, requiredKeys, typesOf } from './schemas.js';
