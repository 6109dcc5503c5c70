import { useEffect } from 'react';
import { toast } from './toast';

/**
 * A query that failed to load says so in a toast, once each time it fails (not on every render). `message` is
 * the spec's text; one that depends on the error is worked out from it by the caller (e.g. 'not found').
 */
export function useLoadErrorToast(error: unknown, message: string) {
  useEffect(() => {
    if (error) toast.error(message);
  }, [error, message]);
}
