import type { ViewAs } from '@arandu/shared';
import { Group, NativeSelect, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { pathForViewChange, setViewAs, useSession, useViewAs } from '../../lib/session';

const LABEL = 'Ver como:';

/** 'Ver como:' (spec 01 sections 2 and 4): only for a user holding more than one role, listing those roles. */
export function ViewAsSelect() {
  const user = useSession();
  const view = useViewAs();
  const navigate = useNavigate();
  if (!user || user.roles.length < 2) return null;

  const change = (value: string) => {
    const next = Number(value) as ViewAs;
    setViewAs(next);
    void navigate(pathForViewChange(user, next));
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Text component="label" htmlFor="view-as" size="sm" fw={500} visibleFrom="md">
        {LABEL}
      </Text>
      <NativeSelect
        id="view-as"
        aria-label={LABEL}
        size="xs"
        value={String(view)}
        onChange={(event) => {
          change(event.currentTarget.value);
        }}
        data={user.roles.map(({ role, title }) => ({ value: String(role), label: title }))}
      />
    </Group>
  );
}
