import { useDirection, type Direction } from '@mantine/core';
import { useCallback } from 'react';

/**
 * Preferences kept in localStorage across sessions. A logout removes everything else (spec 01 section 4:
 * only the theme, sidebar and direction preferences are kept).
 */
export const PREFERENCE_KEYS = {
  colorScheme: 'arandu.colorScheme',
  sidebarCollapsed: 'arandu.sidebarCollapsed',
  direction: 'arandu.direction',
} as const;

export function readDirection(): Direction {
  return localStorage.getItem(PREFERENCE_KEYS.direction) === 'rtl' ? 'rtl' : 'ltr';
}

/** The text direction of the document, remembered between visits. */
export function useTextDirection(): [Direction, (dir: Direction) => void] {
  const { dir, setDirection } = useDirection();
  const change = useCallback(
    (next: Direction) => {
      localStorage.setItem(PREFERENCE_KEYS.direction, next);
      setDirection(next);
    },
    [setDirection],
  );
  return [dir, change];
}
