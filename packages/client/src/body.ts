// Reads an answer's body with a ceiling on its decompressed size, checked
// chunk by chunk while it streams in: a small gzip body that inflates to
// gigabytes, or an endless body, stops at the limit instead of filling the
// heap (which V8 cannot survive or report as a catchable error).

export interface BodyText {
  text: string;
  /** The body went past the limit; `text` holds what came before it. */
  exceeded: boolean;
  /** Bytes read (at most the limit plus one chunk). */
  bytes: number;
}

export async function readBody(response: Response, limit: number): Promise<BodyText> {
  const body = response.body;
  if (body === null) return { text: '', exceeded: false, bytes: 0 };
  // Without content coding, a declared length over the limit is refused before reading.
  const declared = Number(response.headers.get('content-length'));
  if (!response.headers.has('content-encoding') && Number.isFinite(declared) && declared > limit) {
    await body.cancel().catch(() => {});
    return { text: '', exceeded: true, bytes: 0 };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let exceeded = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      exceeded = true;
      const room = limit - (bytes - value.byteLength);
      if (room > 0) chunks.push(value.subarray(0, room));
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
  }
  return { text: decode(chunks), exceeded, bytes };
}

const decoder = new TextDecoder();

function decode(chunks: Uint8Array[]): string {
  if (chunks.length === 0) return '';
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}
