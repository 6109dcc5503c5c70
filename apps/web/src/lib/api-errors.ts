import { ApiError } from './api-client';

/**
 * The spec's "failure shows the server message if present, else X": the server's own Spanish text for a
 * refused request (4xx), the screen's fallback otherwise.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body?.error) {
    return error.body.error;
  }
  return fallback;
}

/** Per-field messages of a 400 reply, for `form.setErrors`. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.status === 400 ? error.fieldErrors : {};
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
