import { useCallback, useState } from 'react';

/**
 * One server call with its pending state and its last answer, for the screens outside the signed-in shell
 * (login, forgot password): they do without React Query, which the login route would otherwise download
 * before it can paint (issue 16). `fn` must be stable (a module function).
 */
export function useAction<A, R>(fn: (arg: A) => Promise<R>) {
  const [state, setState] = useState<{ pending: boolean; data?: R }>({ pending: false });
  const run = useCallback(
    async (arg: A) => {
      setState((s) => ({ ...s, pending: true }));
      try {
        const data = await fn(arg);
        setState({ pending: false, data });
        return data;
      } catch (error) {
        setState((s) => ({ ...s, pending: false }));
        throw error;
      }
    },
    [fn],
  );
  return { run, pending: state.pending, data: state.data };
}
