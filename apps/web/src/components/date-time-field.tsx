import { Group, Input } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DATE_FORMAT } from '../lib/format';
import { joinLocalDateTime, splitLocalDateTime } from '../lib/local-date-time';

export interface DateTimeFieldProps {
  label: string;
  /** An instant (ISO, UTC), or '' for none. */
  value: string;
  /** The instant of the date and time shown (in Asunción), or '' while either is missing. */
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The time a date gets when it is picked with the time still empty (a deadline's '23:59'). */
  defaultTime?: string;
}

/**
 * Every date and time of the app (exam date, enrolment deadline, the period's limits): a date input and,
 * beside it, the time as the schedule's fields take it (Mantine's TimePicker, 24 h, hours and minutes typed
 * or stepped with the arrows). Mantine's DateTimePicker is not used: it hands each keystroke to the form and
 * takes the value back, which moves the caret, so '23:59' typed became '20:09' (issue "never mislead").
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  required = false,
  disabled = false,
  defaultTime,
}: DateTimeFieldProps) {
  const id = useId();
  const [date, setDate] = useState(() => splitLocalDateTime(value).date);
  // The time the picker shows: only a whole time or the value from outside is handed back to it, so a time
  // half typed (hours without minutes) stays on screen as typed.
  const [time, setTime] = useState(() => splitLocalDateTime(value).time ?? '');
  const [timeComplete, setTimeComplete] = useState(time !== '');
  const [emitted, setEmitted] = useState(value);
  const minutesRef = useRef<HTMLInputElement>(null);

  // A value from outside (the record loaded, a reset) replaces what is shown (React's "adjust state while
  // rendering"); the value this field sent itself does not.
  if (value !== emitted) {
    const parts = splitLocalDateTime(value);
    setEmitted(value);
    setDate(parts.date);
    setTime(parts.time ?? '');
    setTimeComplete(parts.time !== null);
  }

  const emit = (nextDate: string | null, nextTime: string | null) => {
    const next = joinLocalDateTime(nextDate, nextTime);
    setEmitted(next);
    onChange(next);
  };

  const changeDate = (nextDate: string | null) => {
    setDate(nextDate);
    let nextTime = timeComplete ? time : null;
    if (nextDate && !nextTime && defaultTime) {
      nextTime = defaultTime;
      setTime(defaultTime);
      setTimeComplete(true);
    }
    emit(nextDate, nextTime);
  };

  const changeTime = (nextTime: string) => {
    // The picker sends '' while a part is missing: the form learns the time is gone, the picker keeps its digits.
    if (nextTime) setTime(nextTime);
    setTimeComplete(nextTime !== '');
    emit(date, nextTime || null);
  };

  // A separator typed in the hours (':' in '23:59', '.' or 'h' in '9.30', '9h30') goes to the minutes, selected, as
  // Tab would. Typed in the minutes it is swallowed. Left to the browser, the character replaced the minutes'
  // selection, Mantine refused it and put the old minutes back with the caret at their end, so the digits typed next
  // were appended to them: over '10:03', '23:59' became '23:09' (issue 34, item 6; it depended on the minutes the
  // field held, hence on the hour the test ran).
  const onSeparatorInHours = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isSeparator(event)) return;
    event.preventDefault();
    minutesRef.current?.focus();
    minutesRef.current?.select();
  };
  const onSeparatorInMinutes = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isSeparator(event)) event.preventDefault();
  };

  return (
    <Input.Wrapper label={label} required={required} error={error} id={id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <DateInput
          id={id}
          flex={1}
          miw={130}
          valueFormat={DATE_FORMAT}
          placeholder="dd/mm/aaaa"
          value={date}
          onChange={changeDate}
          disabled={disabled}
          error={!!error}
          aria-required={required}
        />
        <TimePicker
          hoursInputLabel={`${label}: horas`}
          minutesInputLabel={`${label}: minutos`}
          format="24h"
          w={96}
          minutesRef={minutesRef}
          // Capture, not onKeyDown: these props are spread over Mantine's own key handler, which must stay.
          hoursInputProps={{ onKeyDownCapture: onSeparatorInHours }}
          minutesInputProps={{ onKeyDownCapture: onSeparatorInMinutes }}
          value={time}
          onChange={changeTime}
          disabled={disabled}
          error={!!error}
        />
      </Group>
    </Input.Wrapper>
  );
}

/** A printable key that is not a digit, typed without a modifier (a shortcut such as Ctrl+V keeps working). */
function isSeparator(event: KeyboardEvent<HTMLInputElement>): boolean {
  return event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey;
}
