// Types only: importing this module at run time yields an empty object.
export type * from './analytics.js';
export type * from './marketplace.js';
