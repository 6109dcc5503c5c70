import { useMatches } from 'react-router';

/** The title of the deepest matched route (its `handle.title`, set in app/router.tsx). */
export function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { title?: string } | undefined;
    if (handle?.title) return handle.title;
  }
  return '';
}
