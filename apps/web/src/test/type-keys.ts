import { fireEvent } from '@testing-library/react';

/**
 * Types `text` key by key into an input, each key a change, with nothing run between two keys: no autosave
 * timer can fire in between, however loaded the machine, as none does between a typist's keys. The keys go
 * after what the input holds, or after `over` (the input emptied first, '' for an emptied cell).
 */
export function typeKeys(input: HTMLElement, text: string, over?: string): void {
  const before = over ?? (input as HTMLInputElement).value;
  if (over !== undefined) fireEvent.change(input, { target: { value: over } });
  for (let i = 1; i <= text.length; i++) fireEvent.change(input, { target: { value: before + text.slice(0, i) } });
}
