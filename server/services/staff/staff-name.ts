/** A staff member's name as a pickup or a check-in records it: "First Last", at most 100 whole characters. */
import { cutText } from '../../../shared/schemas/common';

export const staffName = (u: { firstName: string; lastName: string }) => cutText(`${u.firstName} ${u.lastName}`.trim(), 100);
