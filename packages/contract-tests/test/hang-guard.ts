// How long a test waits on a child process, or on a line it should print,
// before it calls it hung. It is not a measure of speed: a run here takes
// seconds, and a machine many times oversubscribed must still end well within
// it. It stays below the test runner's own timeout (vitest.config.ts), so a
// hang is reported with the child's output rather than as a bare timeout.
export const HANG_GUARD_MS = 300_000;
