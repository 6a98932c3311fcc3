/**
 * A rooming list's bytes as text. Hotels send CSV UTF-8, but Excel on Windows saves "CSV (Comma
 * delimited)" in Windows-1252: read as UTF-8, "José" would arrive as "Jos�" and be copied onto the
 * family's registration. A file that is not valid UTF-8 and holds no UTF-8 letter at all is read as
 * Windows-1252, which decodes any byte. One that mixes UTF-8 letters with a stray byte is neither:
 * it is read as UTF-8, and its unreadable byte (U+FFFD) makes the server refuse it with a sentence,
 * rather than turn every "é" into "Ã©". A UTF-8 byte-order mark is dropped.
 */
export function csvText(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return hasUtf8Letter(bytes) ? new TextDecoder('utf-8').decode(bytes) : new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Whether the bytes hold a two-byte UTF-8 sequence (é is C3 A9): a lead byte, then a continuation byte. */
function hasUtf8Letter(bytes: Uint8Array): boolean {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] >= 0xc2 && bytes[i] <= 0xdf && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0xbf) return true;
  }
  return false;
}
