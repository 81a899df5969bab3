// Named types of the Marketplace API, picked from the generated spec types.
import type { components, operations, paths } from './generated/marketplace.js';

export type { components as MarketplaceComponents, operations as MarketplaceOperations, paths as MarketplacePaths };

type Schemas = components['schemas'];

export type Account = Schemas['Account'];
export type Item = Schemas['Item'];
export type ItemId = Schemas['ItemId'];
export type ItemMedia = Schemas['ItemMedia'];
export type RegularItemMedia = Schemas['RegularItemMedia'];
export type VideoItemMedia = Schemas['VideoItemMedia'];
export type AudioItemMedia = Schemas['AudioItemMedia'];
export type Purchase = Schemas['Purchase'];
export type MarketplaceError = Schemas['MarketplaceError'];
export type SuccessStatus = Schemas['SuccessStatus'];
export type ErrorStatus = Schemas['ErrorStatus'];
export type Timestamp = Schemas['Timestamp'];
export type AccountDetailsSuccess = Schemas['AccountDetailsSuccess'];
export type ItemListSuccess = Schemas['ItemListSuccess'];
export type ItemDetailsSuccess = Schemas['ItemDetailsSuccess'];
export type PurchaseValidationSuccess = Schemas['PurchaseValidationSuccess'];
export type PurchaseValidationBody = Schemas['PurchaseValidationBody'];
export type ItemQuery = operations['getItem']['parameters']['query'];
