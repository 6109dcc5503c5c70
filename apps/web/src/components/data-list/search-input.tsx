import { SEARCH_TEXT_MAX } from '@arandu/shared';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string | undefined;
  onChange: (value: string) => void;
}

/** A text filter of a list: at most 32 characters (spec 01 section 5); Enter searches (the panel is a form). */
export function SearchInput({ value, onChange, label = 'Buscar', ...rest }: SearchInputProps) {
  return (
    <TextInput
      label={label}
      leftSection={<IconSearch size={16} />}
      maxLength={SEARCH_TEXT_MAX}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...rest}
    />
  );
}
