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

/** A phone number as typed ('+1 (555) 123-4567', '555.123.4567'): its digits without the country's 1; else null. */
export function phoneDigits(query: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(query)) return null;
  const digits = query.replace(/\D/g, '');
  if (digits.length < 7) return null;
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A registration number typed without its hyphen ('r257kq2xm' for 'R25-7KQ2XM'): its prefix and the rest. */
export const NUMBER_WITHOUT_HYPHEN = /^([a-z]\d{2})([a-z0-9]{6})$/i;
