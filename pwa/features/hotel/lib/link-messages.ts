/** The sentences of hotel linking (docs/product.md#screens). */

/** 'Successfully linked Ana Silva to Ana Silva (R25-7KQ2XM)' */
export const linkedText = (guest: string, primaryName: string, registrationNumber: string) =>
  `Successfully linked ${guest} to ${primaryName} (${registrationNumber})`;

export const LINK_FAILED = 'Failed to link hotel assignment';
export const DELETE_FAILED = 'Failed to delete assignment';
export const DELETE_CONFIRM = 'Are you sure you want to delete this hotel assignment?';

/** A link made with no signal: kept on this device and sent when the connection returns. */
export const queuedText = (guest: string, primaryName: string, registrationNumber: string) =>
  `Linked ${guest} to ${primaryName} (${registrationNumber}) on this device. It will reach the server when the connection returns.`;

/** What "Match exact names" did: linked, kept on this device (no signal), refused. */
export interface ExactMatchCount {
  success: number;
  info: number;
  error: number;
}

const bookings = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;

/**
 * 'Linked 3 bookings to the registration of the same name; 1 kept on this device, sent when the connection
 * returns.'; with none sent yet: 'Linked 2 bookings … on this device: they are sent when the connection returns.'
 */
export const exactMatchText = ({ success, info, error }: ExactMatchCount) =>
  (success === 0 && info > 0
    ? `Linked ${bookings(info)} to the registration of the same name on this device: ${info === 1 ? 'it is' : 'they are'} sent when the connection returns`
    : `Linked ${bookings(success)} to the registration of the same name` +
      (info ? `; ${info} kept on this device, sent when the connection returns` : '')) +
  (error ? `; ${error} could not be linked` : '') +
  '.';

export const exactMatchKind = ({ info, error }: ExactMatchCount): 'success' | 'info' | 'error' =>
  error ? 'error' : info ? 'info' : 'success';
