import { ActionIcon, Tooltip, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RowActionProps {
  /** What the action does ('Editar'): its tooltip and accessible name. */
  label: string;
  icon: ReactNode;
  /** A link to another screen... */
  to?: string;
  /** ...or something to do here. */
  onClick?: () => void;
  disabled?: boolean;
  /** Shown instead of `label` while disabled (why it cannot be used). */
  disabledReason?: string;
  color?: MantineColor;
  loading?: boolean;
}

/** One icon button of a list row's actions, with its name as a tooltip (for mouse, keyboard and screen readers). */
export function RowAction({ label, icon, to, onClick, disabled, disabledReason, color, loading }: RowActionProps) {
  const common = {
    variant: 'subtle' as const,
    color,
    size: 'md' as const,
    'aria-label': label,
    disabled,
    loading,
  };
  const button =
    to && !disabled ? (
      <ActionIcon {...common} component={Link} to={to}>
        {icon}
      </ActionIcon>
    ) : (
      <ActionIcon {...common} onClick={onClick}>
        {icon}
      </ActionIcon>
    );
  return (
    <Tooltip label={disabled && disabledReason ? disabledReason : label} withArrow openDelay={300}>
      {/* A disabled button gets no pointer events; the wrapper still shows the reason. */}
      {disabled ? <span style={{ display: 'inline-flex' }}>{button}</span> : button}
    </Tooltip>
  );
}
