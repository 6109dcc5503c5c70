import { Loader } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { AutosaveStatus } from '../lib/use-autosave';

/** The state of one autosaved cell, inside its input: saving, saved, or failed. */
export function AutosaveStatusIcon({ status }: { status: AutosaveStatus | undefined }) {
  if (status === 'saving' || status === 'pending') return <Loader size={14} role="status" aria-label="Guardando" />;
  if (status === 'saved') return <IconCheck size={16} color="var(--mantine-color-teal-filled)" aria-label="Guardado" />;
  if (status === 'error')
    return <IconAlertCircle size={16} color="var(--mantine-color-red-filled)" aria-label="No se pudo guardar" />;
  return null;
}
