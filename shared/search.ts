/**
 * Search normalisation shared by the server's search_text column and the PWA's offline search:
 * lower-cased, accent-stripped, single-spaced, so 'jose' finds 'José' on both sides.
 */
export function normalizeSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
