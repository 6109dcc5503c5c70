import { MSG } from '@arandu/shared';
import { Anchor, Group, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { saveBlob } from '../../../lib/download';

/** Runs a download with its toasts (spec 03 section 8). */
export async function download(fetchBlob: () => Promise<Blob>, fileName: string) {
  try {
    saveBlob(await fetchBlob(), fileName);
    toast.success(MSG.listDownloaded);
  } catch {
    toast.error(MSG.gradesDownloadFailed);
  }
}

export function DownloadLink({ onClick, label = 'Descargar lista' }: { onClick: () => Promise<void>; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Anchor
      component="button"
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void onClick().finally(() => setBusy(false));
      }}
    >
      <Group gap={4} component="span">
        {busy ? <Loader size={14} /> : <IconDownload size={16} />}
        {label}
      </Group>
    </Anchor>
  );
}
