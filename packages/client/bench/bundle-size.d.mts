// Types of bundle-size.mjs, for the budget test that imports it.
export interface BundleSize {
  minified: number;
  gzip: number;
}
export declare const BUNDLE_AIM: number;
export declare const BUNDLE_BUDGET: number;
export declare function measureBundles(): Promise<Record<string, BundleSize>>;
export declare function measureFactoriesFromSources(): Promise<BundleSize>;
export declare function measureModules(): Promise<{ path: string; minified: number; gzipShare: number }[]>;
