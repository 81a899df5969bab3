// A key distinctive enough that finding it anywhere means it leaked.
export const CANARY_KEY = 'tp-canary-7Qx9Zr42-SECRET-do-not-leak';
export const fastRetry = { initialDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 };
