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
