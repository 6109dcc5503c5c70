import { useCallback, useState, type ReactNode } from 'react';

type Errors<K extends string> = Partial<Record<K, ReactNode>>;

/**
 * The login page's field errors without @mantine/form (issue 16: the login route's JavaScript): set all at
 * once after validating, and a field's error goes as soon as it is edited, as Mantine's forms do.
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<Errors<K>>({});
  const clear = useCallback(
    (field: K) =>
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _gone, ...rest } = current;
        return rest as Errors<K>;
      }),
    [],
  );
  return { errors, setErrors: setErrors as (errors: Errors<K>) => void, clear };
}

/** The text of a named field of a submitted form. */
export function fieldOf(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
