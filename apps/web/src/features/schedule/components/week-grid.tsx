import type { HorarioOcurrencia } from '@arandu/shared';
import { Text } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { byDate, localTime, minutesOf, placeDay } from '../week';
import classes from './week-grid.module.css';

const FIRST_HOUR = 7;
const LAST_HOUR = 22;
const DAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

/** What a block says, also read aloud as its label. */
export function describe(o: HorarioOcurrencia): string {
  const what = o.tipo === 'examen' ? `Examen de ${o.materia}` : o.materia;
  return `${what}, sección ${o.seccion}, ${localTime(o.inicio)} a ${localTime(o.fin)}${o.aula ? `, aula ${o.aula}` : ''}${o.profesor ? `, ${o.profesor}` : ''}`;
}

/** The week as a grid: Monday to Saturday, 07:00 to 22:00, each class a block; overlapping ones marked. */
export function WeekGrid({ days, list, today }: { days: string[]; list: HorarioOcurrencia[]; today: string }) {
  const dates = byDate(list);
  const top = (minutes: number) => `calc(${(Math.max(minutes, FIRST_HOUR * 60) - FIRST_HOUR * 60) / 60} * var(--hour))`;
  return (
    <div className={classes.grid} data-testid="week-grid">
      <div className={classes.head} />
      {days.map((day, i) => (
        <div key={day} className={`${classes.head} ${day === today ? classes.today : ''}`}>
          {DAY_NAMES[i]} {formatDate(day).slice(0, 5)}
        </div>
      ))}
      <div className={classes.hours} aria-hidden>
        {Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => (
          <span key={i} className={classes.hour} style={{ top: `calc(${i} * var(--hour))` }}>
            {String(FIRST_HOUR + i).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      {days.map((day) => (
        <div
          key={day}
          className={classes.day}
          role="list"
          aria-label={`${DAY_NAMES[days.indexOf(day)]} ${formatDate(day)}`}
        >
          {placeDay(dates.get(day) ?? []).map(({ o, lane, lanes, clash }) => {
            const start = minutesOf(o.inicio);
            const end = Math.min(minutesOf(o.fin), LAST_HOUR * 60);
            return (
              <div
                key={`${o.tipo}-${'examenId' in o ? o.examenId : o.materiaPeriodoId}-${o.inicio}`}
                role="listitem"
                aria-label={`${clash ? 'Choque de horario: ' : ''}${describe(o)}`}
                className={`${classes.block} ${o.tipo === 'examen' ? classes.exam : ''} ${clash ? classes.clash : ''}`}
                style={{
                  top: top(start),
                  height: `calc(${Math.max(end - start, 20) / 60} * var(--hour) - 2px)`,
                  left: `calc(${(lane / lanes) * 100}% + 2px)`,
                  width: `calc(${100 / lanes}% - 4px)`,
                }}
              >
                {clash && (
                  <Text span fz={11} fw={700} className={classes.clashLabel} display="block">
                    Choque de horario
                  </Text>
                )}
                <Text span fz={12} fw={600} display="block">
                  {o.tipo === 'examen' ? `Examen: ${o.materia}` : o.materia}
                </Text>
                <Text span fz={11} display="block">
                  {localTime(o.inicio)}-{localTime(o.fin)} · Secc. {o.seccion}
                  {o.aula ? ` · ${o.aula}` : ''}
                </Text>
                {o.profesor && (
                  <Text span fz={11} c="dimmed" display="block">
                    {o.profesor}
                  </Text>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
