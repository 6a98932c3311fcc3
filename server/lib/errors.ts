/**
 * The API's error type. Routes and services throw ApiError; app.onError maps it (and zod, JSON and
 * Hono errors) to docs/architecture.md's envelope `{ error, fields? }` once.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new ApiError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, message, fields);
export const gone = (message: string) => new ApiError(410, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new ApiError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
