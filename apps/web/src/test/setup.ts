import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../components/toast';
import { resetPublicSettings } from '../lib/public-settings';
import { takeUnexpectedCalls } from './api-mock';

// What Mantine needs and jsdom does not have.
// Configurable: a worker runs this file again for each test file on the same window (isolate: false).
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  writable: true,
  value: (query: string) => ({
    // As in a browser, the empty query matches (mantine-datatable shows a column whose query is '').
    matches: query === '',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView = () => undefined;
// Textarea autosize listens for web fonts loading.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});
Element.prototype.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // Toasts live in a store outside React: one test's toast must not be found by the next, nor held back by it.
  notifications.clean();
  resetToasts();
  resetPublicSettings();
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A call the API does not have, or a success mocked for input it refuses, fails its test even where the
  // screen took the thrown error for a failed load (test/api-mock.ts).
  const wrong = takeUnexpectedCalls();
  if (wrong.length > 0) throw new Error(`Calls the API would not answer so:\n${wrong.join('\n')}`);
});

// Lazy screens are imported on first use; give the first render of each time to load, on a loaded machine too
// (a test fails on what it asserts, never on the clock).
configure({ asyncUtilTimeout: 30_000 });
