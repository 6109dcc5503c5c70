import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input whose show/hide toggle is a real, focusable button with a Spanish name. */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar' }}
      // Mantine marks only its wrapper: a screen reader learns the password was refused from the input itself.
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
