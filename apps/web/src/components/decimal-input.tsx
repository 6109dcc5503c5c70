import { formatDecimal, mayBecomeDecimal, readDecimal } from '@arandu/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

/**
 * The text a decimal field holds for a figure: the figure as the screen writes it ('90,5'), or what the person
 * is typing while it still means the same figure ('90,50', '90,' stay as typed).
 */
export function useDecimalText(value: number | null, places: number) {
  const [text, setText] = useState(formatDecimal(value, places));
  // A new figure from outside (a reset, the server's) replaces the text; the figure this field itself sent
  // up does not (React's "adjust state while rendering").
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((readDecimal(text)?.value ?? null) !== value) setText(formatDecimal(value, places));
  }
  return [text, setText] as const;
}

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'inputMode'> {
  /** The figure; '' or null for an empty field. */
  value: number | null | '';
  /** Each figure typed (null when emptied), never a text that is not one. */
  onChange: (value: number | null) => void;
  /** Decimal places accepted: keys beyond them are not taken (0 for whole numbers). */
  decimals?: number;
  /** Whether a minus sign may be typed. */
  allowNegative?: boolean;
}

/**
 * A figure typed the Paraguayan way (DOMAIN.md): '90,5' or '90.5', shown back as '90,5'. The keys that cannot
 * make a figure (a second separator, a letter, a decimal beyond `decimals`) are not taken, as a number field
 * does; the range is the form's own check. Every form field for a figure with decimals is this one, so no
 * field reads '90,5' as 905.
 */
export function DecimalInput({ value, onChange, decimals = 2, allowNegative = false, ...props }: DecimalInputProps) {
  const figure = value === '' ? null : value;
  const [text, setText] = useDecimalText(figure, decimals);
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (!mayBecomeDecimal(next) || (!allowNegative && next.includes('-'))) return;
        if (decimals === 0 ? /[.,]/.test(next) : (readDecimal(next)?.places ?? 0) > decimals) return;
        setText(next);
        const read = readDecimal(next);
        if (read) onChange(read.value);
      }}
      onBlur={(event) => {
        // '90,' or '90,50' left behind is written as the figure it is.
        const read = readDecimal(text);
        if (read) setText(formatDecimal(read.value, decimals));
        props.onBlur?.(event);
      }}
    />
  );
}
