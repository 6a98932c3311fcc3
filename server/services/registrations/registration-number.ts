/** Registration numbers: unique, human-readable, not sequential (docs/product.md#rules), e.g. 'R25-7KQ2XM'. */
import { randomCode } from '../../lib/tokens';

export function newRegistrationNumber(eventYear: number): string {
  return `R${String(eventYear).slice(-2)}-${randomCode(6)}`;
}
