import { useCallback, useRef } from 'react';

const INVALID = '[aria-invalid="true"]';

/**
 * After a submit of the form that holds the returned ref's element, the focus goes to the first field marked
 * invalid (issue 34 item 9), instead of staying on a 'Guardar' that a loading state may even have disabled
 * (the focus then falls to the page body). Both kinds of failure: the form's own checks, whose errors render
 * in the next frames, and the server's field errors, which arrive later. It waits only until the person types
 * again, so an error shown while typing never moves the focus.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const detach = useRef<(() => void) | null>(null);
  // A callback ref: the form may mount after its component (a modal's body, a loaded record's form).
  return useCallback((element: T | null) => {
    detach.current?.();
    detach.current = null;
    const form = element?.closest('form');
    if (form) detach.current = watch(form);
  }, []);
}

function watch(form: HTMLFormElement): () => void {
  let waiting = false;
  const focusFirst = () => {
    const first = form.querySelector<HTMLElement>(INVALID);
    if (!waiting || !first) return;
    waiting = false;
    first.focus();
  };
  const observer = new MutationObserver(focusFirst);
  observer.observe(form, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
  const onSubmit = () => {
    waiting = true;
    // Errors already shown and kept by this submit change no attribute: look once it has rendered.
    requestAnimationFrame(() => requestAnimationFrame(focusFirst));
  };
  const onInput = () => {
    waiting = false;
  };
  form.addEventListener('submit', onSubmit);
  form.addEventListener('input', onInput);
  return () => {
    observer.disconnect();
    form.removeEventListener('submit', onSubmit);
    form.removeEventListener('input', onInput);
  };
}
