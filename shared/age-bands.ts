/**
 * The age bands behind the three price categories (docs/product.md#rules): a child is younger than
 * `youthFrom`, a youth younger than `adultFrom`, an adult that age or older. The event's settings
 * (EVENT_AGE_YOUTH_FROM, EVENT_AGE_ADULT_FROM) move them; every label and the age → category rule come
 * from here, so the screens and the price table always agree.
 */
import type { AgeCategory } from './constants';

export interface AgeBands {
  youthFrom: number;
  adultFrom: number;
}

export const DEFAULT_AGE_BANDS: AgeBands = { youthFrom: 13, adultFrom: 19 };

/** '19+', '13-18', '0-12' for the default bands. */
export function ageRanges(b: AgeBands): Record<AgeCategory, string> {
  return { adult: `${b.adultFrom}+`, youth: `${b.youthFrom}-${b.adultFrom - 1}`, child: `0-${b.youthFrom - 1}` };
}

/** 'Adult (19+)', 'Youth (13-18)', 'Child (0-12)' for the default bands. */
export function ageCategoryLabels(b: AgeBands): Record<AgeCategory, string> {
  const r = ageRanges(b);
  return { adult: `Adult (${r.adult})`, youth: `Youth (${r.youth})`, child: `Child (${r.child})` };
}

/** The category an age falls in. */
export function categoryForAge(age: number, b: AgeBands): AgeCategory {
  if (age >= b.adultFrom) return 'adult';
  if (age >= b.youthFrom) return 'youth';
  return 'child';
}
