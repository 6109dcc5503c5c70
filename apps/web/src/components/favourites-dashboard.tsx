import { Alert, Anchor, Badge, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ESTADO_COLOR } from './estado-badge';
import { PageHeader } from './page-header';

const LEGEND = [
  { value: 0, label: 'Preliminar' },
  { value: 1, label: 'Publicado' },
  { value: 2, label: 'Sellado' },
];

interface FavouritesDashboardProps {
  /** Shown when nothing is starred. */
  emptyTitle: string;
  /** Where the subjects are starred ('Mis Materias' of the role). */
  subjectsPath: string;
  /** One card per starred subject, already keyed. */
  cards: ReactNode[];
  /** Below the grid when there are cards. */
  footer?: ReactNode;
  /** Above the grid, whatever it holds (the student's waiting lists and offers). */
  notices?: ReactNode;
  /**
   * Shown instead of the star hint when the user has no subject at all to star (a new student): where to get
   * one. Stars on subjects one does not have would send them to an empty list (issue 34 item 15).
   */
  noSubjects?: ReactNode;
}

/**
 * The 'Tablero' both students and professors have (spec 02 and 03): the state legend, the starred subjects'
 * cards in a grid, or a hint pointing to 'Mis Materias' when nothing is starred yet.
 */
export function FavouritesDashboard({
  emptyTitle,
  subjectsPath: materiasPath,
  cards,
  footer,
  notices,
  noSubjects: noMaterias,
}: FavouritesDashboardProps) {
  return (
    <Stack gap="md" maw={1300}>
      <PageHeader
        title="Tablero"
        description="Lista de materias favoritas"
        actions={
          <Group gap="xs" aria-label="Estados">
            {LEGEND.map((e) => (
              <Badge key={e.value} variant="light" color={ESTADO_COLOR[e.value]}>
                {e.label}
              </Badge>
            ))}
          </Group>
        }
      />
      {notices}
      {cards.length === 0 ? (
        <Alert variant="light" icon={<IconStar size={20} />} title={emptyTitle}>
          {noMaterias ?? (
            <>
              Marque con una estrella las materias que quiere ver aquí en{' '}
              <Anchor component={Link} to={materiasPath}>
                Mis Materias
              </Anchor>
              .
            </>
          )}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {cards}
        </SimpleGrid>
      )}
      {cards.length > 0 && footer}
    </Stack>
  );
}
