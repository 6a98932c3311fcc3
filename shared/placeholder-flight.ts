/**
 * The 'N/A' placeholder flight rule, with no schema library: the offline layer, in a greeter's first
 * visit, skips placeholder rows without loading zod (shared/schemas/flight.ts re-exports it).
 */
import { PLACEHOLDER_AIRLINE } from './constants';

/** True for a placeholder row (airline 'N/A'), which is skipped when loading and when submitting. */
export function isPlaceholderFlight(row: unknown): boolean {
  const airline = (row as { airline?: unknown } | null)?.airline;
  return typeof airline === 'string' && airline.trim().toUpperCase() === PLACEHOLDER_AIRLINE;
}
