import { MSG } from '@arandu/shared';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import type { AutosaveStatus } from '../lib/use-autosave';
import { AutosaveStatusIcon } from './autosave-status';

export interface CalificacionRange {
  min?: number;
  max: number;
  /** Decimal places the figure admits; 0 for whole numbers. */
  decimals: number;
}

/** Why a typed figure cannot be saved, or null when it can ('' clears the cell). */
export function calificacionRefusal(text: string, { min = 0, max, decimals }: CalificacionRange): string | null {
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return MSG.valueNotANumber;
  if (value > max) return MSG.valueMax(max);
  if (value < min) return MSG.valueMin(min);
  const places = text.split('.')[1]?.length ?? 0;
  if (places > decimals) return decimals === 0 ? MSG.valueWhole : MSG.valueDecimals(decimals);
  return null;
}

const shown = (value: number | null) => (value === null ? '' : String(value));

export interface CalificacionInputProps
  extends
    CalificacionRange,
    Omit<
      NumberInputProps,
      | 'value'
      | 'onChange'
      | 'min'
      | 'max'
      | 'error'
      | 'decimalScale'
      | 'allowDecimal'
      | 'allowNegative'
      | 'clampBehavior'
      | 'trimLeadingZeroesOnBlur'
      | 'rightSection'
      | 'styles'
    > {
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
 * A figure typed into an autosaved cell. Every keystroke stays as typed: a figure out of range, or with
 * more decimals than it admits, is shown as it is, marked invalid with its reason ('Máximo 20'), and
 * `onRefused` keeps the cell from sending anything; it is never clamped nor cut to what fits. Arrow keys
 * do not step the figure (a table moves between rows with them).
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
  const [text, setText] = useState(shown(value));
  // Only what is typed is judged: a stored figure is shown as it is (an exam's PP copied from its subject
  // may have decimals the exam's own field does not take).
  const [typed, setTyped] = useState(false);
  // A new figure from outside (the server kept a later one) replaces what is on screen; the figure this
  // cell itself sent up does not (React's "adjust state while rendering").
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (text === '' ? value !== null : Number(text) !== value) {
      setText(shown(value));
      setTyped(false);
    }
  }
  const refusal = typed ? calificacionRefusal(text, { min, max, decimals }) : null;

  return (
    <NumberInput
      {...props}
      value={text}
      onChange={(input) => {
        const next = String(input);
        setText(next);
        setTyped(true);
        if (calificacionRefusal(next, { min, max, decimals })) onRefused();
        else onValue(next === '' ? null : Number(next));
      }}
      clampBehavior="none"
      // Mantine rewrites the figure on blur when it trims zeros: leaving a cell would save it again.
      trimLeadingZeroesOnBlur={false}
      withKeyboardEvents={false}
      hideControls
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
