/**
 * A rooming list's bytes as text. Hotels send CSV UTF-8, but Excel on Windows saves "CSV (Comma
 * delimited)" in Windows-1252: read as UTF-8, "José" would arrive as "Jos�" and be copied onto the
 * family's registration. Bytes that are not valid UTF-8 are read as Windows-1252 instead, which decodes
 * any byte. A UTF-8 byte-order mark is dropped either way.
 */
export function csvText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
