// Reading a HAR 1.2 file (http://www.softwareishard.com/blog/har-12-spec/)
// as a stream: a browser's or a proxy's export can be larger than the memory
// a judge may hold, so the text is scanned once, chunk by chunk, and only one
// entry of `log.entries` is held and parsed at a time. Brackets and strings
// are followed everywhere, keys only at the top two levels (`log`, `entries`,
// `creator`); an entry that is not JSON, or larger than its bound, is reported
// with its index and skipped, and the scan goes on. The file as a whole is
// bounded in bytes and in entries: past a bound the reading stops with an
// error that says which bound and how to raise it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isObject } from '@tallyport/spec-model/query';

/** The text of a HAR, in pieces: a file's or stdin's chunks, or strings. */
export type HarChunks = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export interface HarStreamLimits {
  /** Most bytes read (the file's size is checked before reading; stdin is counted as it comes). */
  maxBytes: number;
  /** Most entries read. */
  maxEntries: number;
  /** Largest single entry kept and parsed, in characters; a larger one is reported and skipped. */
  maxEntryChars: number;
}

export const DEFAULT_HAR_LIMITS: HarStreamLimits = {
  maxBytes: 1024 * 1024 * 1024,
  maxEntries: 1_000_000,
  maxEntryChars: 64 * 1024 * 1024,
};

/** One item of `log.entries`, by its 0-based index: parsed, or why it could not be. */
export type HarItem = { index: number; entry: Record<string, unknown> } | { index: number; malformed: string };

/** The file is not a HAR this reader can read, or passed one of its bounds. */
export class HarFileError extends Error {
  override name = 'HarFileError';
}

export interface HarScan {
  /** The entries, in the file's order. */
  entries: AsyncGenerator<HarItem>;
  /** `log.creator.name`, once the scan has passed it (a HAR lists it before its entries). */
  creator(): string | undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

const sizeText = (bytes: number): string =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GiB`
    : bytes >= 1024 ** 2
      ? `${Math.round(bytes / 1024 ** 2)} MiB`
      : `${Math.ceil(bytes / 1024)} KiB`;

/** A file (its size known) or a stream (counted as it comes) past the bound of bytes a judge reads. */
const tooLarge = (what: string, bytes: number, limit: number, streamed: boolean): HarFileError =>
  new HarFileError(
    `${what} ${streamed ? 'holds more than' : 'is larger than'} ${sizeText(limit)} (${sizeText(bytes)}` +
      `${streamed ? ' read so far' : ''}): a judge reads at most ${sizeText(limit)}; split the file or raise ` +
      '--max-file-bytes',
  );

/**
 * Scans a HAR's text from `chunks` (decoded as UTF-8 across chunk edges). Entries come out as they are read;
 * the scan throws `HarFileError` when the text is not a HAR or passes a bound.
 */
export function scanHar(chunks: HarChunks, limits: HarStreamLimits = DEFAULT_HAR_LIMITS, what = 'the file'): HarScan {
  let creator: string | undefined;
  async function* entries(): AsyncGenerator<HarItem> {
    const decoder = new TextDecoder('utf-8');
    // The containers from the root down: for each, whether it is an array and (for objects) the key being read.
    const stack: Array<{ array: boolean; key?: string }> = [];
    let bytes = 0;
    let inString = false;
    let escaped = false;
    // A key being read at the top two levels (its raw text), and whether the next string is a key.
    let keyText: string[] | undefined;
    let expectKey = false;
    let sawRoot = false;
    let sawEntries = false;
    // The entry being captured: its pieces (none kept once it is too large), its length, the depth it started at.
    let capture: string[] | undefined;
    let captureChars = 0;
    let captureDepth = -1;
    let entryIndex = 0;
    // log.creator, captured the same way.
    let creatorPieces: string[] | undefined;

    const keyAt = (depth: number): string | undefined => stack[depth]?.key;
    const atEntries = (): boolean =>
      stack.length === 3 && stack[2]!.array && keyAt(0) === 'log' && keyAt(1) === 'entries';

    const finishEntry = (last: string): HarItem => {
      const index = entryIndex++;
      const pieces = capture!;
      const chars = captureChars + last.length;
      capture = undefined;
      captureChars = 0;
      captureDepth = -1;
      if (chars > limits.maxEntryChars)
        return { index, malformed: `the entry is larger than ${limits.maxEntryChars} characters` };
      pieces.push(last);
      try {
        const value: unknown = JSON.parse(pieces.join(''));
        if (!isObject(value)) return { index, malformed: 'the entry is not an object' };
        return { index, entry: value };
      } catch (error) {
        return { index, malformed: `the entry is not JSON (${(error as Error).message})` };
      }
    };

    for await (const chunk of chunks) {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (bytes > limits.maxBytes) throw tooLarge(what, bytes, limits.maxBytes, true);
      let captureFrom = capture ? 0 : -1;
      let creatorFrom = creatorPieces ? 0 : -1;
      const ready: HarItem[] = [];
      /** Ends the entry being captured, when it ends at this depth, with the text before `end`. */
      const endEntry = (end: number): void => {
        if (!capture || stack.length !== captureDepth) return;
        ready.push(finishEntry(text.slice(captureFrom, end)));
        captureFrom = -1;
      };
      for (let at = 0; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (inString) {
          if (escaped) escaped = false;
          else if (code === BACKSLASH) escaped = true;
          else if (code === QUOTE) {
            inString = false;
            if (keyText) {
              stack.at(-1)!.key = keyOf(keyText.join(''));
              keyText = undefined;
            }
          } else if (keyText) keyText.push(text[at]!);
          continue;
        }
        if (isSpace(code)) continue;
        // An entry starts at the first character of a value in log.entries.
        if (!capture && code !== COMMA && code !== CLOSE_ARRAY && atEntries()) {
          if (entryIndex >= limits.maxEntries)
            throw new HarFileError(
              `${what} has more than ${limits.maxEntries} entries: a judge reads at most ${limits.maxEntries}; ` +
                'split the file or raise --max-entries',
            );
          capture = [];
          captureDepth = stack.length;
          captureFrom = at;
        }
        if (code === QUOTE) {
          inString = true;
          // Keys are read only down to the entries' level; deeper strings are only skipped.
          if (expectKey && stack.length <= 2) keyText = [];
          expectKey = false;
        } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
          if (stack.length === 0) {
            if (sawRoot || code !== OPEN_OBJECT)
              throw new HarFileError(`${what} is not a HAR file: no {"log": …} object`);
            sawRoot = true;
          }
          if (stack.length === 2 && code === OPEN_OBJECT && keyAt(0) === 'log' && keyAt(1) === 'creator') {
            creatorPieces = [];
            creatorFrom = at;
          }
          stack.push({ array: code === OPEN_ARRAY });
          expectKey = code === OPEN_OBJECT;
          if (atEntries()) sawEntries = true;
        } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
          // A scalar entry ends where its list does.
          endEntry(at);
          const frame = stack.pop();
          if (!frame || frame.array !== (code === CLOSE_ARRAY))
            throw new HarFileError(`${what} is not JSON: a bracket closes what it did not open (near byte ${bytes})`);
          expectKey = false;
          if (creatorPieces && stack.length === 2) {
            creatorPieces.push(text.slice(creatorFrom, at + 1));
            creator = nameOfCreator(creatorPieces.join(''));
            creatorPieces = undefined;
            creatorFrom = -1;
          }
          endEntry(at + 1);
        } else if (code === COMMA) {
          const frame = stack.at(-1);
          expectKey = !!frame && !frame.array;
          // A scalar entry (a number, true) ends at its comma.
          endEntry(at);
        } else if (code === COLON) expectKey = false;
      }
      if (capture && captureFrom >= 0) {
        const piece = text.slice(captureFrom);
        captureChars += piece.length;
        // Past its bound an entry is only counted: it will be reported, not parsed.
        if (captureChars > limits.maxEntryChars) capture.length = 0;
        else capture.push(piece);
      }
      if (creatorPieces && creatorFrom >= 0) creatorPieces.push(text.slice(creatorFrom));
      yield* ready;
    }
    if (!sawRoot) throw new HarFileError(`${what} is empty or not JSON`);
    if (stack.length > 0 || inString) throw new HarFileError(`${what} ends before its JSON does (cut short?)`);
    if (!sawEntries) throw new HarFileError(`${what} is not a HAR 1.2 file: it has no log.entries list`);
  }
  return { entries: entries(), creator: () => creator };
}

function keyOf(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return '';
  }
}

function nameOfCreator(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { name?: unknown };
    return typeof value.name === 'string' ? value.name : undefined;
  } catch {
    return undefined;
  }
}

/** The chunks of a HAR file, or of stdin for `-`; a file larger than `maxBytes` is refused before it is read. */
export async function harSource(
  file: string,
  limits: Pick<HarStreamLimits, 'maxBytes'>,
  stdin: AsyncIterable<Uint8Array | string> = process.stdin,
): Promise<HarChunks> {
  if (file === '-') return stdin;
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarFileError(`${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'error'})`}`);
  }
  if (size > limits.maxBytes) throw tooLarge(file, size, limits.maxBytes, false);
  return createReadStream(file, { highWaterMark: 256 * 1024 });
}
