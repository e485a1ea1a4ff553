/**
 * Bytes to be kept, on memory of their own size. A Buffer is often a view of a larger block: a
 * small `Buffer.from(text)` is a slice of Node's shared 8 KB pool, and zlib hands back a view of
 * its 16 KB output chunk when the result fits in one. Kept, the view holds the whole block: a
 * 2 KB compressed page held 16 KB (measured: the Buffers of a server that had made 9,000 new video
 * pages and 20,000 new API answers took 71 MB under the page cache's 24 MB budget, 24 MB once
 * copied).
 */
export function ownMemory(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
