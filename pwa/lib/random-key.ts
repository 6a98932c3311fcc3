/**
 * A random Idempotency-Key for a visitor's request: crypto.randomUUID where the browser has it, else
 * 16 random bytes in hex. Visitors' phones include older ones (randomUUID came with Safari 15.4, and only
 * on https), where a missing randomUUID must not stop the code step; getRandomValues is everywhere.
 */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
