import { dateInAsuncion, HORARIO_TITULARES, MSG_SCHEDULE, type HorarioTitular } from '@arandu/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Letterhead } from '../../../components/letterhead';
import { PageHeader } from '../../../components/page-header';
import { failureMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useHorario, type HorarioDe } from '../api/get-horario';
import { DayList } from '../components/day-list';
import { FeedLink } from '../components/feed-link';
import { ProximosExamenes } from '../components/proximos-examenes';
import { WeekGrid } from '../components/week-grid';
import { addDays, mondayOf, weekDays } from '../week';
import classes from './schedule-page.module.css';

/** How far ahead 'Exámenes de las próximas semanas' looks. */
const SEMANAS_EXAMENES = 6;

const TITLES: Record<HorarioTitular, string> = {
  alumno: 'Horario del alumno',
  profesor: 'Horario del profesor',
  aula: 'Horario del aula',
};

/**
 * 'Mi horario' (issue 45) and, for staff, a student's, professor's or room's week
 * (`/pages/horario/:titular/:id`): the week as a grid (a list by day on a phone), week by week, the exams of the
 * next weeks, the calendar feed's link (one's own only) and a printout on one A4 landscape page.
 */
export function SchedulePage() {
  const params = useParams();
  const navigate = useNavigate();
  const user = useSession();
  const titular = HORARIO_TITULARES.find((t) => t === params.titular);
  const de: HorarioDe = titular && params.id ? { titular, id: Number(params.id) } : { titular: 'mio' };
  const own = de.titular === 'mio';
  const today = dateInAsuncion(new Date());
  const [monday, setMonday] = useState(() => mondayOf(today));
  const days = weekDays(monday);
  const week = useHorario(de, monday, addDays(monday, 6));
  const examenes = useHorario(de, today, addDays(today, SEMANAS_EXAMENES * 7));
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const title = own ? 'Mi horario' : TITLES[de.titular];
  const who = own ? user?.fullName : undefined;

  return (
    <Stack gap="md" className={classes.page}>
      <Letterhead className={classes.letterhead} />
      <PageHeader
        title={title}
        description={
          <>
            {who && <Text span>{who} · </Text>}
            Semana del {formatDate(days[0])} al {formatDate(days[5])}
          </>
        }
        actions={
          <Group gap="xs" className="no-print">
            {!own && (
              <Button variant="default" onClick={() => void navigate(-1)}>
                Volver
              </Button>
            )}
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Imprimir
            </Button>
          </Group>
        }
      />
      <Group gap="xs" className="no-print" role="group" aria-label="Semana">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={16} />}
          onClick={() => setMonday(addDays(monday, -7))}
        >
          Semana anterior
        </Button>
        <Button variant="default" onClick={() => setMonday(mondayOf(today))} disabled={monday === mondayOf(today)}>
          Esta semana
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} />}
          onClick={() => setMonday(addDays(monday, 7))}
        >
          Semana siguiente
        </Button>
        {week.isFetching && <Loader size="sm" role="status" aria-label="Cargando" />}
      </Group>
      {week.isError ? (
        <Alert color="red">{failureMessage(week.error, MSG_SCHEDULE.loadFailed)}</Alert>
      ) : week.isPending ? (
        <Loader role="status" aria-label="Cargando el horario" />
      ) : (
        <>
          {week.data.length === 0 && (
            <Text c="dimmed" size="sm">
              No hay clases ni exámenes esta semana.
            </Text>
          )}
          {phone ? (
            <DayList days={days} list={week.data} today={today} />
          ) : (
            <WeekGrid days={days} list={week.data} today={today} />
          )}
        </>
      )}
      <div className={classes.examenes}>
        {examenes.data && <ProximosExamenes list={examenes.data} weeks={SEMANAS_EXAMENES} />}
      </div>
      {own && <FeedLink />}
    </Stack>
  );
}
