// Types for what the source documentation does not show. The website record,
// the statistic row beyond `value` and `count`, the page envelope and the
// answer to a delete vary by deployment, so the spec asserts almost nothing
// about them and the types stay as open as the spec. Integrators declare what
// their deployment returns once, as the type argument of createAnalyticsClient,
// instead of casting at every call; and a field the spec forbids in an update
// gets a type whose error names it.
import type { DeletePayload, StatRow, Website, WebsiteUpdateBody } from '@tallyport/types';

/**
 * What your deployment returns where the source documentation does not show
 * it; every member is optional. The client does not check these fields at
 * run time: declare what your deployment really sends.
 *
 * ```ts
 * interface MyDeployment {
 *   website: { created_at: string; updated_at: string };
 *   page: { meta: { total: number } };
 * }
 * const analytics = createAnalyticsClient<MyDeployment>({ baseUrl, apiKey });
 * (await analytics.websites.get(42)).created_at; // string
 * ```
 */
export interface AnalyticsDeployment {
  /** Fields of a website record beyond the documented ones. */
  website?: object;
  /** Fields of a statistic row beyond `value` and `count`. */
  statRow?: object;
  /** The whole payload of a list or statistics page (`payload` of a page): the envelope, when there is one. */
  page?: unknown;
  /** What `websites.delete` resolves to (undefined for an empty answer). */
  deleted?: unknown;
}

/** The member `K` of a declaration, or `Fallback` where the declaration leaves it as open as the default. */
type Declared<D, K extends keyof AnalyticsDeployment, Fallback> = D extends { readonly [P in K]?: infer T }
  ? Exclude<AnalyticsDeployment[K], undefined> extends Exclude<T, undefined>
    ? Fallback
    : Exclude<T, undefined>
  : Fallback;

/** A record whose identifying field is known to be present (the client checks it). */
export type WithIdentifier<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

/** A website as the client hands it back: its `id` checked to be present, with the fields you declared. */
export type WebsiteRecord<D extends AnalyticsDeployment = AnalyticsDeployment> = WithIdentifier<Website, 'id'> &
  Declared<D, 'website', unknown>;

/** A statistic row with the fields you declared. */
export type StatRecord<D extends AnalyticsDeployment = AnalyticsDeployment> = StatRow & Declared<D, 'statRow', unknown>;

/** The payload of a page, as declared (unknown otherwise). */
export type PagePayload<D extends AnalyticsDeployment = AnalyticsDeployment> = Declared<D, 'page', unknown>;

/** What a delete resolves to, as declared (DeletePayload, which is unknown, otherwise). */
export type Deleted<D extends AnalyticsDeployment = AnalyticsDeployment> = Declared<D, 'deleted', DeletePayload>;

declare const notAnUpdateField: unique symbol;

/** The type of a field the spec forbids in an update: the compiler's error names the field. */
export interface NotAnUpdateField<Name extends string> {
  readonly [notAnUpdateField]: Name;
}

/** Each field the spec forbids (typed `never` by @tallyport/types) becomes a NotAnUpdateField of its name. */
type MarkForbidden<T> = {
  [K in keyof T]?: [Exclude<T[K], undefined>] extends [never] ? NotAnUpdateField<K & string> : T[K];
};

/** Update parameters: the fields given are sent, any other is left unchanged. */
export interface UpdateWebsiteParams extends MarkForbidden<WebsiteUpdateBody> {}
