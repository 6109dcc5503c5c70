import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';

/**
 * The star of a 'Mis Materias' row (student or professor): puts the subject on the user's dashboard or takes it
 * off. `materia` names the subject in the button's label where a row has no other name a reader hears.
 */
export function TableroStar({
  on,
  pending,
  materia,
  onToggle,
}: {
  on: boolean;
  pending: boolean;
  materia?: string;
  onToggle: () => void;
}) {
  const label = on ? 'Quitar del tablero' : 'Agregar al tablero';
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={materia === undefined ? label : `${label}: ${materia}`}
        aria-pressed={on}
        onClick={onToggle}
        disabled={pending}
      >
        {pending ? <Loader size={14} /> : on ? <IconStarFilled size={20} /> : <IconStar size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
