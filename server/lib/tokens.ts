/** Random tokens and their stored hashes. Tokens are shown once; only the SHA-256 is kept. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A url-safe random token of `bytes` random bytes (default 32 = 256 bits). */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Alphabet without look-alikes (no 0/O/1/I), for codes people type. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` characters drawn uniformly from CODE_ALPHABET with a CSPRNG. */
export function randomCode(length: number, alphabet = CODE_ALPHABET): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}
