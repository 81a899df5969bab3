// Named types of the Marketplace API, picked from the generated spec types.
import type { components, operations, paths } from './generated/marketplace.js';

// A named type for every schema of the spec (`Item`, `Account`...), generated.
export type * from './generated/marketplace-schemas.js';

export type { components as MarketplaceComponents, operations as MarketplaceOperations, paths as MarketplacePaths };

export type ItemQuery = operations['getItem']['parameters']['query'];
