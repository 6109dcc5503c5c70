import { CUPO_MSG, type HorarioSlot, type MateriaInscripcion } from '@arandu/shared';
import { Badge, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

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

/**
 * A capped section's seats, told before choosing (issue 44): 'Quedan 3 lugares', or 'Sin cupo: lista de espera'
 * when the save would put the student on the waiting list. Nothing for a section without a cap or one they are in.
 */
function CupoBadge({ materia: m }: { materia: MateriaInscripcion }) {
  if (!m.cupo || m.inscripto || m.aprobada) return null;
  const full = m.cupo.quedan === 0;
  return (
    <Badge color={full ? 'orange' : 'blue'} variant="light" size="sm" miw="max-content">
      {full ? CUPO_MSG.sinCupoForm : CUPO_MSG.quedan(m.cupo.quedan)}
    </Badge>
  );
}

/** The weekly slots, and under them why the line cannot be taken as things stand (the words 'Validar' gives). */
function LineDescription({ materia: m }: { materia: MateriaInscripcion }) {
  const slots = m.horarios.length > 0 ? m.horarios.map(slotText).join(' · ') : 'Sin horario';
  const motivos = m.motivos ?? [];
  if (motivos.length === 0) return slots;
  return (
    <>
      {slots}
      <Group component="span" gap={4} wrap="nowrap" align="flex-start" mt={2} c="var(--mantine-color-orange-text)">
        <IconLock size={14} aria-label="Bloqueada" style={{ flexShrink: 0, marginTop: 2 }} />
        <Text span size="xs" c="var(--mantine-color-orange-text)" data-testid="motivos">
          {motivos.join('; ')}
        </Text>
      </Group>
    </>
  );
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
                <CupoBadge materia={m} />
              </Group>
            }
            description={<LineDescription materia={m} />}
            error={refusals?.get(m.materiaPeriodoId)}
          />
        ))}
      </Stack>
    </Card>
  );
}
