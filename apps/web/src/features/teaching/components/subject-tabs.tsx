import { Paper, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export interface MateriaTab {
  value: string;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

/** The tabs of a subject's page (the professor's plan page, the student's detail), their panel framed under them. */
export function MateriaTabs({
  tabs,
  value,
  onChange,
  keepMounted,
}: {
  tabs: MateriaTab[];
  value: string | null;
  onChange: (value: string | null) => void;
  keepMounted?: boolean;
}) {
  return (
    <Tabs value={value} onChange={onChange} keepMounted={keepMounted} variant="outline">
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Paper withBorder p="md" style={{ borderTop: 0, borderTopLeftRadius: 0, borderTopRightRadius: 0 }}>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.panel}
          </Tabs.Panel>
        ))}
      </Paper>
    </Tabs>
  );
}
