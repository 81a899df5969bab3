// Leveled logging through a caller-supplied logger (console by default).
// Callers of `log` pass only redacted data; this module never sees the key.
// `trace` is `debug` with every header and body: its lines go to the
// logger's `debug`, so any logger with the four usual methods takes it.

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

export interface Logger {
  error(message: string, ...data: unknown[]): void;
  warn(message: string, ...data: unknown[]): void;
  info(message: string, ...data: unknown[]): void;
  debug(message: string, ...data: unknown[]): void;
}

/** Every level, quietest first: a level logs what the levels before it log, and more. */
export const LOG_LEVELS: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug', 'trace'];

/** The logger's own methods (`trace` lines go to `debug`). */
export const LOGGER_METHODS = LOG_LEVELS.slice(1, 5);

/**
 * A function per level the client logs at, and none for the levels below its threshold: a line that is not
 * logged costs one property read, and its data is not even built (`log.trace?.(…)`).
 */
export type Log = Partial<Record<Exclude<LogLevel, 'off'>, (message: string, data?: Record<string, unknown>) => void>>;

export function createLog(logger: Logger = console, level: LogLevel = 'warn'): Log {
  const log: Log = {};
  for (const l of LOG_LEVELS.slice(1, LOG_LEVELS.indexOf(level) + 1) as Exclude<LogLevel, 'off'>[]) {
    const method = l === 'trace' ? 'debug' : l;
    // No data, no second argument: a console then prints the line alone.
    log[l] = (message, data) => logger[method](`[tallyport] ${message}`, ...(data ? [data] : []));
  }
  return log;
}
