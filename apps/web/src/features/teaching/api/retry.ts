import { ApiError } from '../../../lib/api-client';

const RETRIES = 2;
const WAIT_MS = 700;

/**
 * An autosave that fails for want of a connection or a server hiccup is sent again (twice, after a short
 * wait) before it is shown as failed; a refusal (4xx) is an answer and is not repeated.
 */
export async function withRetry<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const transient = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!transient || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS * (attempt + 1)));
    }
  }
}
