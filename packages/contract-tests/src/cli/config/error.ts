// A configuration problem: the run cannot start, and the message says what to
// change. It never repeats a value that could be a key.
export class ConfigError extends Error {
  override name = 'ConfigError';
}
