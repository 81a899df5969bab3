// Reads a response body with a cap on its decompressed size: the stream is
// consumed chunk by chunk (fetch inflates gzip and deflate as it goes) and
// cancelled as soon as the cap is passed, so neither a huge body nor a small
// body that inflates to gigabytes is ever held in memory.

/** How much of a body that passed the cap `BodyTooLarge.head` keeps, in bytes. */
export const HEAD_BYTES = 8192;

export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(
    /** The cap that was passed, in bytes. */
    readonly limit: number,
    /** The first bytes of the body (at most HEAD_BYTES, decoded), for an error report; empty if none was read. */
    readonly head = '',
  ) {
    super(`the answer is larger than ${limit} bytes; it was cut off unread`);
  }
}

// UTF-8 with a leading byte order mark kept, as Buffer's decoding keeps it: a
// checker may want to see it, and a client can drop it before parsing. One
// decoder serves every body: decoding without `stream` keeps no state between calls.
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { ignoreBOM: true });
const decode = (bytes: Uint8Array): string => decoder.decode(bytes);

/** The first `size` bytes of the chunks, as one array. */
function join(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= size) break;
    const part = chunk.subarray(0, size - offset);
    all.set(part, offset);
    offset += part.byteLength;
  }
  return all;
}

/**
 * The body as UTF-8 text, or BodyTooLarge once it passes `limit` bytes
 * (decompressed). A declared `Content-Length` over the limit, on an answer
 * without content coding, is refused before reading.
 */
export async function readCappedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      chunks.push(value);
      throw new BodyTooLarge(limit, decode(join(chunks, Math.min(HEAD_BYTES, limit))));
    }
    chunks.push(value);
  }
  return decode(chunks.length === 1 ? (chunks[0] as Uint8Array) : join(chunks, size));
}
