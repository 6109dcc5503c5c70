import { useState } from 'react';
import { failureMessage } from '../lib/api-errors';
import { useAutosave } from '../lib/use-autosave';
import { toast } from './toast';

export interface AutosavedCellsOptions<V> {
  save: (key: string, value: V) => Promise<void>;
  /** The spec's success toast, shown once for a burst of saves that all succeeded. */
  savedMessage: string;
  /** The spec's failure toast, when the server gives no message of its own. */
  failedMessage: string;
}

/**
 * The cells of a table that save on their own (scores, percentages, marks): what each shows until the
 * server's figure comes back, the autosave behind them, and one toast for a burst of saves instead of one
 * per cell. A burst with a failed save shows only the failure: success is told only when all went.
 */
export function useAutosavedCells<V>({ save, savedMessage, failedMessage }: AutosavedCellsOptions<V>) {
  const [drafts, setDrafts] = useState<Record<string, V>>({});
  const autosave = useAutosave<V>({
    save,
    onBurstEnd: ({ saved, failed }) => {
      if (failed[0]) toast.error(failureMessage(failed[0].error, failedMessage));
      else if (saved.length > 0) toast.success(savedMessage);
    },
  });

  const valueOf = (key: string, stored: V): V => (key in drafts ? (drafts[key] as V) : stored);
  const change = (key: string, value: V) => {
    setDrafts((d) => ({ ...d, [key]: value }));
    autosave.change(key, value);
  };

  return {
    status: autosave.status,
    valueOf,
    change,
    /** The server kept another figure than the one sent (a later save's): the cell shows it. */
    replace: (key: string, value: V) => setDrafts((d) => ({ ...d, [key]: value })),
    /** The props of a ScoreInput for the cell `key`, whose saved figure is `stored`. */
    field: (key: string, stored: V) => ({
      value: valueOf(key, stored),
      status: autosave.status[key],
      onValue: (value: V) => change(key, value),
      onRefused: () => autosave.hold(key),
    }),
  };
}
