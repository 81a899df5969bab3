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

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 };

export type Log = ((level: Exclude<LogLevel, 'off'>, message: string, data?: Record<string, unknown>) => void) & {
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
};

export function createLog(logger: Logger = console, level: LogLevel = 'warn'): Log {
  const threshold = RANK[level];
  const enabled = (l: Exclude<LogLevel, 'off'>) => RANK[l] <= threshold;
  const log = ((l, message, data) => {
    if (!enabled(l)) return;
    const method = l === 'trace' ? 'debug' : l;
    if (data) logger[method](`[tallyport] ${message}`, data);
    else logger[method](`[tallyport] ${message}`);
  }) as Log;
  log.enabled = enabled;
  return log;
}
