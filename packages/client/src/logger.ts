// Leveled logging through a caller-supplied logger (console by default).
// Callers of `log` pass only redacted data; this module never sees the key.

export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string, ...data: unknown[]): void;
  warn(message: string, ...data: unknown[]): void;
  info(message: string, ...data: unknown[]): void;
  debug(message: string, ...data: unknown[]): void;
}

const RANK: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

export type Log = ((level: Exclude<LogLevel, 'off'>, message: string, data?: Record<string, unknown>) => void) & {
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
};

export function createLog(logger: Logger = console, level: LogLevel = 'warn'): Log {
  const threshold = RANK[level];
  const enabled = (l: Exclude<LogLevel, 'off'>) => RANK[l] <= threshold;
  const log = ((l, message, data) => {
    if (!enabled(l)) return;
    if (data) logger[l](`[tallyport] ${message}`, data);
    else logger[l](`[tallyport] ${message}`);
  }) as Log;
  log.enabled = enabled;
  return log;
}
