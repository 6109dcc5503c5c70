import { CALENDARIO_MSG, type MateriaPeriodo } from '@arandu/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';

/**
 * The section's days without classes (issue 45) on the attendance tab: no class is given nor counted on them.
 * The planned sessions that fall on one are named apart, since a holiday added after the planning moves
 * nothing by itself.
 */
export function DiasSinClasesNotice({
  dias,
  planificadas,
}: {
  dias: MateriaPeriodo['diasSinClases'];
  planificadas: MateriaPeriodo['planificadasEnDiasSinClases'];
}) {
  if (dias.length === 0 && planificadas.length === 0) return null;
  return (
    <>
      {planificadas.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconCalendarOff size={18} />} title={CALENDARIO_MSG.planificadasEnFeriado(planificadas.length)}>
          <List size="sm">
            {planificadas.map((p) => (
              <List.Item key={`${p.fecha}-${p.contenidos}`}>
                {formatDate(p.fecha)} ({p.nombre}): {p.contenidos}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {dias.length > 0 && (
        <Alert color="blue" variant="light" icon={<IconCalendarOff size={18} />} title="Días sin clases">
          <Text size="sm">
            {dias.map((d) => `${formatDate(d.fecha)} ${d.nombre}`).join(' · ')}. No se dictan ni se cuentan clases esos
            días.
          </Text>
        </Alert>
      )}
    </>
  );
}
