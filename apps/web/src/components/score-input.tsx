import { formatDecimal, MSG, mayBecomeDecimal, readDecimal } from '@arandu/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import type { AutosaveStatus } from '../lib/use-autosave';
import { AutosaveStatusIcon } from './autosave-status';
import { useDecimalText } from './decimal-input';

export interface CalificacionRange {
  min?: number;
  max: number;
  /** Decimal places the figure admits; 0 for whole numbers. */
  decimals: number;
}

/** Why a typed figure cannot be saved, or null when it can ('' clears the cell). */
export function calificacionRefusal(text: string, { min = 0, max, decimals }: CalificacionRange): string | null {
  const read = readDecimal(text);
  if (read === null) return MSG.valueNotANumber;
  const { value, places } = read;
  if (value === null) return null;
  if (value > max) return MSG.valueMax(max);
  if (value < min) return MSG.valueMin(min);
  if (places > decimals) return decimals === 0 ? MSG.valueWhole : MSG.valueDecimals(decimals);
  return null;
}

export interface CalificacionInputProps
  extends
    CalificacionRange,
    Omit<TextInputProps, 'value' | 'onChange' | 'min' | 'max' | 'error' | 'rightSection' | 'styles'> {
  /** The cell's figure: the saved one, or the last one typed that could be saved. */
  value: number | null;
  status: AutosaveStatus | undefined;
  /** A figure that can be saved (null: the cell was emptied). */
  onValue: (value: number | null) => void;
  /** The figure typed cannot be saved: nothing of this cell may be sent. */
  onRefused: () => void;
  /** Red without a message of its own (an exam's figure that differs from its subject). */
  flagged?: boolean;
}

/**
 * A figure typed into an autosaved cell, the Paraguayan way: '7,5' or '7.5', shown as '7,5' (a stored 43.75
 * as '43,75'). Every keystroke stays as typed: a figure out of range, or with more decimals than it admits,
 * is shown as it is, marked invalid with its reason ('Máximo 20'), and `onRefused` keeps the cell from
 * sending anything; it is never clamped nor cut to what fits. Arrow keys do not step the figure (a table
 * moves between rows with them).
 */
export function CalificacionInput({
  value,
  min = 0,
  max,
  decimals,
  status,
  onValue,
  onRefused,
  flagged = false,
  ...props
}: CalificacionInputProps) {
  // A stored figure is shown with all its decimals (two, as the acta keeps them).
  const [text, setText] = useDecimalText(value, Math.max(decimals, 2));
  // Only what is typed is judged: a stored figure is shown as it is (an exam's PP copied from its subject
  // may have decimals the exam's own field does not take).
  const [typed, setTyped] = useState(false);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((readDecimal(text)?.value ?? null) !== value) setTyped(false);
  }
  const refusal = typed ? calificacionRefusal(text, { min, max, decimals }) : null;

  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      // Saved by itself: a pop-up holding it has no unsaved change because of it (form-modal.tsx).
      data-autosave
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        // A letter is not taken, as a number field does; any figure, even one refused, is kept as typed.
        if (!mayBecomeDecimal(next)) return;
        setText(next);
        setTyped(true);
        if (calificacionRefusal(next, { min, max, decimals })) onRefused();
        else onValue(readDecimal(next)?.value ?? null);
      }}
      onBlur={(event) => {
        // '7.5' or '7,50' left in the cell is written as the figure saved, '7,5'; nothing is sent again.
        const read = readDecimal(text);
        if (read && !calificacionRefusal(text, { min, max, decimals })) setText(formatDecimal(read.value, 2));
        props.onBlur?.(event);
      }}
      error={refusal ?? flagged}
      rightSection={refusal ? null : <AutosaveStatusIcon status={status} />}
      styles={{
        input: {
          textAlign: 'right',
          ...(flagged ? { color: 'var(--mantine-color-red-text)', fontWeight: 700 } : {}),
        },
      }}
    />
  );
}
