import { MSG_REPORTS } from '@arandu/shared';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { saveBlob } from '../../../lib/download';

export interface DownloadButtonProps {
  /** The spec's file name (spec 03 section 9). */
  fileName: string;
  download: () => Promise<Blob>;
  label?: string;
  disabled?: boolean;
}

/** 'Descargar': the report as xlsx, with the spec's toasts (spec 03 section 8). */
export function DownloadButton({ fileName, download, label = 'Descargar', disabled }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveBlob(await download(), fileName);
      toast.success(MSG_REPORTS.downloaded);
    } catch (error) {
      toast.error(failureMessage(error, MSG_REPORTS.downloadFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      disabled={disabled}
      onClick={() => void run()}
    >
      {label}
    </Button>
  );
}
