import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave } from './use-autosave';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends only the last of quick edits, 500 ms after it', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useAutosave<number>({ save }));
    act(() => {
      result.current.change('a', 1);
      vi.advanceTimersByTime(300);
      result.current.change('a', 12);
      vi.advanceTimersByTime(300);
      result.current.change('a', 123);
    });
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('a', 123);
    expect(result.current.status.a).toBe('saved');
  });

  it('keeps cells apart: each key saves its own value', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useAutosave<number>({ save }));
    act(() => {
      result.current.change('pp', 70);
      result.current.change('asistencia', 90);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save.mock.calls).toEqual([
      ['pp', 70],
      ['asistencia', 90],
    ]);
  });

  it('sends an edit typed while the previous save is in flight, after it, never two at once', async () => {
    const first = deferred();
    const save = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(undefined);
    const { result } = renderHook(() => useAutosave<number>({ save }));
    act(() => result.current.change('a', 50));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledTimes(1);
    act(() => result.current.change('a', 55));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    // The first save has not answered yet: the second waits for it.
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => {
      first.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('a', 55);
  });

  it('reports a failed save and still sends later edits', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('no')).mockResolvedValue(undefined);
    const onError = vi.fn();
    const { result } = renderHook(() => useAutosave<number>({ save, onError }));
    act(() => result.current.change('a', 1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(onError).toHaveBeenCalledWith('a', expect.any(Error));
    expect(result.current.status.a).toBe('error');
    act(() => result.current.change('a', 2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenLastCalledWith('a', 2);
    expect(result.current.status.a).toBe('saved');
  });

  it('sends what is still waiting when the screen closes', () => {
    const save = vi.fn(() => Promise.resolve());
    const { result, unmount } = renderHook(() => useAutosave<number>({ save }));
    act(() => result.current.change('a', 99));
    unmount();
    expect(save).toHaveBeenCalledWith('a', 99);
  });

  it('sends nothing of a held key: typed 2, then 25 refused, sends neither', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useAutosave<number>({ save }));
    act(() => {
      result.current.change('a', 2);
      result.current.hold('a');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.status.a).toBe('held');
    act(() => result.current.change('a', 20));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(save).toHaveBeenCalledWith('a', 20);
    expect(result.current.status.a).toBe('saved');
  });

  it('reports a burst once, when its last save ends, with what saved and what failed', async () => {
    const first = deferred();
    const save = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockRejectedValueOnce(new Error('no'))
      .mockResolvedValue(undefined);
    const onBurstEnd = vi.fn();
    const { result } = renderHook(() => useAutosave<number>({ save, onBurstEnd }));
    act(() => result.current.change('a', 1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    act(() => result.current.change('b', 2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    // b has failed, a is still saving: the burst goes on.
    expect(onBurstEnd).not.toHaveBeenCalled();
    await act(async () => {
      first.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onBurstEnd).toHaveBeenCalledTimes(1);
    expect(onBurstEnd).toHaveBeenCalledWith({ saved: ['a'], failed: [{ key: 'b', error: expect.any(Error) }] });
    // The next edit starts a burst of its own.
    act(() => result.current.change('a', 3));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(onBurstEnd).toHaveBeenCalledTimes(2);
    expect(onBurstEnd).toHaveBeenLastCalledWith({ saved: ['a'], failed: [] });
  });

  it('reports no success for a key held while its save was in flight', async () => {
    const first = deferred();
    const save = vi.fn().mockReturnValueOnce(first.promise);
    const onBurstEnd = vi.fn();
    const { result } = renderHook(() => useAutosave<number>({ save, onBurstEnd }));
    act(() => result.current.change('a', 2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    act(() => result.current.hold('a'));
    await act(async () => {
      first.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(onBurstEnd).not.toHaveBeenCalled();
    expect(result.current.status.a).toBe('held');
  });
});
