/** talisman ships no types: the one metric the desk's close matches use (pwa/features/check-in/close-matches.ts). */
declare module 'talisman/metrics/damerau-levenshtein' {
  /** The Damerau-Levenshtein (optimal string alignment) distance, or Infinity once it passes `max`. */
  export function limited(max: number, a: string, b: string): number;
  export default function damerauLevenshtein(a: string, b: string): number;
}
