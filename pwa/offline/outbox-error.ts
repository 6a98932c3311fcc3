/** Thrown when a change cannot be queued (the data is not on this device, or already being changed). */
export class OutboxError extends Error {}
