// Reads a response body with a cap on its decompressed size: the stream is
// consumed chunk by chunk (fetch inflates gzip and deflate as it goes) and
// cancelled as soon as the cap is passed, so neither a huge body nor a small
// body that inflates to gigabytes is ever held in memory.
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
  constructor(readonly limit: number) {
    super(`the answer is larger than ${limit} bytes (--max-response-bytes); it was cut off unread`);
  }
}

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
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
