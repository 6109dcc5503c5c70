import { MSG } from '@arandu/shared';
import { IconHammer } from '@tabler/icons-react';
import { NoticePage } from './notice-page';
import { usePageTitle } from './use-page-title';

/** The one page every screen not built yet shows: its title, the spec's text and a way back. */
export function UnderConstruction() {
  const title = usePageTitle();
  return (
    <NoticePage icon={<IconHammer size={40} stroke={1.5} />} title={title}>
      {MSG.underConstruction}
    </NoticePage>
  );
}
