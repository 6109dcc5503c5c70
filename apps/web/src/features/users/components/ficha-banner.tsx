import { MSG, type UserDetail } from '@arandu/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { fromDetail, validateUser } from './user-form-values';

/** The profile form's labels of the fields its rules can find missing or wrong. */
const FIELD_LABELS: Record<string, string> = {
  telefonoCelular: 'Teléfono celular',
  nacionalidadPaisId: 'Nacionalidad',
  fechaNacimiento: 'Fecha de nacimiento',
  domicilioTelefono: 'Teléfono del domicilio',
  trabajoTelefono: 'Teléfono del trabajo',
  emergenciaNumero: 'Número de emergencia',
  emergenciaContacto: 'Contacto de emergencia',
};

/**
 * What keeps a ficha from counting as updated, by the same rules the server applies when it is saved: a photo,
 * each field the profile schema refuses, and in any case one save of the ficha by its owner.
 */
export function missingFichaItems(user: UserDetail): string[] {
  const errors = validateUser(fromDetail(user), 'profile', String);
  // A field the map does not name is still counted, by the general word, never by its internal name.
  const fields = Object.keys(errors).map((key) => FIELD_LABELS[key] ?? 'Otros datos marcados en el formulario');
  return [...(user.photoName ? [] : ['Foto']), ...new Set(fields)];
}

/**
 * 'Debe actualizar la ficha…' with what is missing (issue 34 item 19: the banner alone did not say), or, when
 * nothing is, that one save of the form is what is left.
 */
export function FichaBanner({ user }: { user: UserDetail }) {
  const missing = missingFichaItems(user);
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={MSG.updateProfileBanner}>
      {missing.length > 0 ? (
        <>
          <Text size="sm">Complete en su ficha:</Text>
          <List size="sm" withPadding>
            {missing.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <Text size="sm" mt={4}>
            y pulse &apos;Guardar&apos;.
          </Text>
        </>
      ) : (
        <Text size="sm">Revise sus datos y pulse &apos;Guardar&apos; en la ficha: todavía no la guardó.</Text>
      )}
    </Alert>
  );
}
