/** One line per measured step in the test log, e.g. `[timing] webkit: tap to shown 84 ms` (docs/quality.md). */
export function reportTiming(engine: string, step: string, ms: number): void {
  console.log(`[timing] ${engine}: ${step} ${ms} ms`);
}
