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

/**
 * Letters that NFD leaves whole, as a phone's keyboard types them: 'dang' finds 'Đặng', 'strauss' Strauß.
 * For text already normalised (lower case).
 */
const FOLDED: Readonly<Record<string, string>> = { đ: 'd', ð: 'd', ß: 'ss', ø: 'o', ł: 'l', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th' };
const FOLDABLE = /[đðßøłæœıþ]/;
export const foldLetters = (s: string) => (FOLDABLE.test(s) ? s.replace(new RegExp(FOLDABLE.source, 'g'), (ch) => FOLDED[ch]) : s);

/** Folded letters, and hyphens and apostrophes (curly ones too, as iPhones type them) read as spaces. */
export const loosenSearch = (s: string) =>
  foldLetters(s)
    .replace(/[-'\u2018\u2019]/g, ' ')
    .replace(/ {2,}/g, ' ');

/**
 * The form the server stores a registration's search text in and matches a typed term in (the devices'
 * search reads text the same way, word by word: pwa/offline/local-search.ts). Stored rows written before
 * the letters were folded were rewritten by migration 0011.
 */
export const searchForm = (s: string) => loosenSearch(normalizeSearch(s)).trim();

/**
 * What a registration is found by, before normalising: its number, the contact's and every attendee's
 * name, the email, the phone as written and its digits. The server stores it in searchForm, the devices
 * in normalizeSearch (their matching loosens it).
 */
export function registrationSearchSource(
  r: { number: string; firstName: string; lastName: string; email: string; phone: string },
  people: readonly { firstName: string; lastName: string }[],
): string {
  return [
    r.number,
    `${r.firstName} ${r.lastName}`,
    ...people.map((p) => `${p.firstName} ${p.lastName}`),
    r.email,
    r.phone,
    r.phone.replace(/\D/g, ''),
  ].join(' | ');
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
