// zod/mini schemas of every operation's parameters, generated from the same
// facts the client checks its input against, for applications that validate
// their own forms or queue messages before they reach the client. A separate
// entry point: the client does not run zod, so its bundle does not carry it.
export * from './generated/analytics-schemas.js';
export * from './generated/marketplace-schemas.js';
