import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../test/render';
import { DateTimeField } from './date-time-field';

/** The field inside a form that keeps what it sends, as the screens do with Mantine's form. */
function Harness({
  initial,
  onChange,
  defaultTime,
}: {
  initial: string;
  onChange: (v: string) => void;
  defaultTime?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TestProviders>
      <DateTimeField
        label="Fecha del examen"
        value={value}
        defaultTime={defaultTime}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </TestProviders>
  );
}

const hours = () => screen.getByLabelText('Fecha del examen: horas');
const minutes = () => screen.getByLabelText('Fecha del examen: minutos');

describe('DateTimeField', () => {
  it('shows an instant as its date and time in Asunción', () => {
    render(<Harness initial="2026-03-16T02:59:00.000Z" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Fecha del examen')).toHaveValue('15/03/2026');
    expect(hours()).toHaveValue('23');
    expect(minutes()).toHaveValue('59');
  });

  // Typed key by key over the time shown. Over minutes 01-05 the ':' used to leave the caret after them, so '59'
  // was appended: '0359' read as '09'.
  it.each(['13:20', '13:01', '13:03', '13:05', '13:00', '13:09', '13:45'])(
    "keeps '23:59' typed key by key over %s UTC and sends it as that time in Asunción",
    async (utc) => {
      const onChange = vi.fn();
      render(<Harness initial={`2026-03-15T${utc}:00.000Z`} onChange={onChange} />);
      const user = userEvent.setup();
      await user.click(hours());
      await user.keyboard('23:59');
      expect(hours()).toHaveValue('23');
      expect(minutes()).toHaveValue('59');
      expect(onChange).toHaveBeenLastCalledWith('2026-03-16T02:59:00.000Z');
    },
  );

  it("takes '9.30' and '7h05' typed with another separator, and a ':' typed in the minutes changes nothing", async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-03-15T13:02:00.000Z" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(hours());
    await user.keyboard('1.30');
    expect(hours()).toHaveValue('01');
    expect(minutes()).toHaveValue('30');
    await user.click(hours());
    await user.keyboard('7h05');
    expect(hours()).toHaveValue('07');
    expect(minutes()).toHaveValue('05');
    await user.keyboard(':');
    expect(minutes()).toHaveValue('05');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15T10:05:00.000Z');
  });

  it("keeps '18' typed in the hours as 18", async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-03-15T13:20:00.000Z" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(hours());
    await user.keyboard('18');
    expect(hours()).toHaveValue('18');
    expect(minutes()).toHaveValue('20');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15T21:20:00.000Z');
  });

  it('sends nothing while the time is half typed, and keeps the digits on screen', async () => {
    const onChange = vi.fn();
    render(<Harness initial="2026-03-15T13:20:00.000Z" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(minutes());
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(hours()).toHaveValue('10');
    await user.keyboard('45');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15T13:45:00.000Z');
  });

  it('gives a date picked with no time the default time', async () => {
    const onChange = vi.fn();
    render(<Harness initial="" onChange={onChange} defaultTime="23:59" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Fecha del examen'), '28/02/2027');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2027-03-01T02:59:00.000Z');
    expect(hours()).toHaveValue('23');
    expect(minutes()).toHaveValue('59');
  });
});
