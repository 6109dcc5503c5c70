import { PLANNING_LABELS } from '@arandu/shared';
import { Stack, Textarea } from '@mantine/core';
import { maxLengthOf, type TextField } from './step-config';
import type { PageForm } from './page-values';

/** Steps 2, 4 and 9: long texts, up to 4096 characters each. */
export function TextStep({ form, fields, readOnly }: { form: PageForm; fields: TextField[]; readOnly: boolean }) {
  return (
    <Stack gap="md">
      {fields.map((field) => (
        <Textarea
          key={field.key}
          label={PLANNING_LABELS[field.key]}
          withAsterisk={field.required && !readOnly}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={maxLengthOf('long')}
          readOnly={readOnly}
          variant={readOnly ? 'filled' : 'default'}
          {...form.getInputProps(field.key)}
        />
      ))}
    </Stack>
  );
}
