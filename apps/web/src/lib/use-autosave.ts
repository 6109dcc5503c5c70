import { useCallback, useEffect, useRef, useState } from 'react';

/** 'held': the cell's value was refused on screen (out of range): nothing of it is sent until it changes. */
export type AutosaveStatus = 'pending' | 'saving' | 'saved' | 'error' | 'held';

/** What a burst of saves (edits one after another, with no quiet moment between them) came to. */
export interface AutosaveBurst {
  saved: string[];
  failed: { key: string; error: unknown }[];
}

export interface AutosaveOptions<V> {
  /** Quiet time after the last change of a key before it is sent (spec: 500 ms). */
  delay?: number;
  save: (key: string, value: V) => Promise<void>;
  onSaved?: (key: string, value: V) => void;
  onError?: (key: string, error: unknown) => void;
  /** Once, when the last save of a burst has ended: one message for many cells, not one per cell. */
  onBurstEnd?: (burst: AutosaveBurst) => void;
}

/**
 * Autosave by key (one key per editable cell): each change restarts that key's timer; when it fires, the
 * latest value is sent. A key never has two saves in flight, and a value typed while one is in flight is
 * sent after it, so quick edits end with the last value saved and none is lost. Values still waiting when
 * the screen closes are sent at once. A held key sends nothing until its next change.
 */
export function useAutosave<V>({ delay = 500, ...callbacks }: AutosaveOptions<V>) {
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const waiting = useRef(new Map<string, V>());
  const inFlight = useRef(new Set<string>());
  const held = useRef(new Set<string>());
  const burst = useRef<AutosaveBurst>({ saved: [], failed: [] });
  const [status, setStatus] = useState<Record<string, AutosaveStatus>>({});
  const mark = useCallback((key: string, value: AutosaveStatus) => setStatus((s) => ({ ...s, [key]: value })), []);
  // A save that ends may have to start the next one for its key.
  const flushRef = useRef<(key: string) => void>(() => undefined);

  const endBurstIfQuiet = useCallback(() => {
    if (waiting.current.size > 0 || inFlight.current.size > 0) return;
    // A cell held since its save left shows a value that was not saved: its save is no success to report.
    const ended = { ...burst.current, saved: burst.current.saved.filter((key) => !held.current.has(key)) };
    burst.current = { saved: [], failed: [] };
    if (ended.saved.length > 0 || ended.failed.length > 0) callbacksRef.current.onBurstEnd?.(ended);
  }, []);

  const flush = useCallback(
    (key: string) => {
      const timer = timers.current.get(key);
      if (timer) clearTimeout(timer);
      timers.current.delete(key);
      // The save in flight sends this key's newest value when it ends.
      if (inFlight.current.has(key) || !waiting.current.has(key)) return;
      const value = waiting.current.get(key) as V;
      waiting.current.delete(key);
      inFlight.current.add(key);
      mark(key, 'saving');
      callbacksRef.current
        .save(key, value)
        .then(
          () => {
            burst.current.saved.push(key);
            callbacksRef.current.onSaved?.(key, value);
            if (!waiting.current.has(key) && !held.current.has(key)) mark(key, 'saved');
          },
          (error: unknown) => {
            burst.current.failed.push({ key, error });
            callbacksRef.current.onError?.(key, error);
            if (!waiting.current.has(key) && !held.current.has(key)) mark(key, 'error');
          },
        )
        .finally(() => {
          inFlight.current.delete(key);
          // A value typed during the save whose timer already fired goes now; one still timing waits.
          if (waiting.current.has(key) && !timers.current.has(key)) flushRef.current(key);
          endBurstIfQuiet();
        });
    },
    [mark, endBurstIfQuiet],
  );
  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  const change = useCallback(
    (key: string, value: V) => {
      held.current.delete(key);
      waiting.current.set(key, value);
      const timer = timers.current.get(key);
      if (timer) clearTimeout(timer);
      timers.current.set(
        key,
        setTimeout(() => flush(key), delay),
      );
      mark(key, 'pending');
    },
    [delay, flush, mark],
  );

  /** Drops what the key was about to send (a value refused on screen): typed '2' then '25' sends nothing. */
  const hold = useCallback(
    (key: string) => {
      const timer = timers.current.get(key);
      if (timer) clearTimeout(timer);
      timers.current.delete(key);
      waiting.current.delete(key);
      held.current.add(key);
      mark(key, 'held');
      endBurstIfQuiet();
    },
    [mark, endBurstIfQuiet],
  );

  // A held figure is on screen and not saved: leaving loses it, as it loses one still waiting.
  const unsaved = () => waiting.current.size > 0 || inFlight.current.size > 0 || held.current.size > 0;

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (unsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    const pendingTimers = timers.current;
    const pendingValues = waiting.current;
    return () => {
      window.removeEventListener('beforeunload', warn);
      // Leaving the screen: what was typed still goes.
      for (const key of [...pendingValues.keys()]) flush(key);
      for (const timer of pendingTimers.values()) clearTimeout(timer);
    };
  }, [flush]);

  return { change, hold, status, flush };
}
