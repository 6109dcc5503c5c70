import type { HorarioSlot, MateriaInscripcion } from '@arandu/shared';
import { Badge, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';

/** 'Lun 07:00-08:30': the first three letters of the day and the times (spec 02 section 2). */
export function slotText(h: HorarioSlot): string {
  return `${h.dia.label.slice(0, 3)} ${h.horaInicio}-${h.horaFin}`;
}

export interface SemesterCardProps {
  nombre: string;
  materias: MateriaInscripcion[];
  checked: ReadonlyMap<number, boolean>;
  onToggle: (materiaPeriodoId: number, value: boolean) => void;
  disabled: boolean;
  /** The last save's refusals by subject-period: the reason stays under the box the student ticked. */
  refusals?: ReadonlyMap<number, string>;
}

/** One semester of the enrolment form: a checkbox per subject-period with its weekly slots. */
export function SemesterCard({ nombre, materias, checked, onToggle, disabled, refusals }: SemesterCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={nombre}>
      <Title order={2} fz="md" mb="sm">
        {nombre}
      </Title>
      <Stack gap="sm">
        {materias.map((m) => (
          <Checkbox
            key={m.materiaPeriodoId}
            checked={checked.get(m.materiaPeriodoId) ?? m.inscripto}
            onChange={(event) => onToggle(m.materiaPeriodoId, event.currentTarget.checked)}
            disabled={disabled || m.aprobada}
            label={
              <Group gap={6} wrap="wrap">
                <Text span size="sm" fw={500}>
                  {m.codigo} - {m.nombre}
                </Text>
                <Badge variant="outline" color="gray" size="sm" radius="sm">
                  Sección {m.seccion}
                </Badge>
                {m.aprobada && (
                  <Badge color="teal" variant="light" size="sm">
                    Aprobada
                  </Badge>
                )}
              </Group>
            }
            description={m.horarios.length > 0 ? m.horarios.map(slotText).join(' · ') : 'Sin horario'}
            error={refusals?.get(m.materiaPeriodoId)}
          />
        ))}
      </Stack>
    </Card>
  );
}
