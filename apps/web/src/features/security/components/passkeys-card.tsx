import { MSG_WEBAUTHN, type Passkey } from '@arandu/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/toast';
import { ApiError, endedSession } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { passkeyFailure, webauthnAvailable } from '../../../lib/webauthn';
import { useAddPasskey, usePasskeys } from '../api/passkeys';
import { RemovePasskeyModal } from './remove-passkey-modal';

/** The server's reason, or what the browser's part of WebAuthn means in Spanish. */
function failureText(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : passkeyFailure(failure);
}

/** 'Nombre de la llave' and 'Agregar llave': the browser then asks for the key (touch, PIN or fingerprint). */
function AddPasskeyForm() {
  const add = useAddPasskey();
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('name') as HTMLInputElement;
    const name = field.value.trim();
    if (!name) return setError(MSG_WEBAUTHN.nameRequired);
    try {
      await add.mutateAsync(name);
      field.value = '';
      toast.success(MSG_WEBAUTHN.keyAdded);
    } catch (failure) {
      if (endedSession(failure)) return;
      setError(failure instanceof ApiError ? (failure.fieldErrors.name ?? failure.message) : failureText(failure));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          name="name"
          label="Nombre de la llave"
          placeholder="Llave USB azul"
          maxLength={60}
          error={error}
          onChange={() => setError(undefined)}
          w={260}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={add.isPending}>
          Agregar llave
        </Button>
      </Group>
      {add.isPending && (
        <Text size="sm" c="dimmed" mt="xs" role="status">
          Siga las indicaciones del navegador: toque la llave o confirme con su huella, rostro o PIN.
        </Text>
      )}
    </form>
  );
}

function PasskeysTable({ items, onRemove }: { items: Passkey[]; onRemove: (key: Passkey) => void }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aún no registró llaves de seguridad ni passkeys.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped aria-label="Llaves de seguridad registradas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Agregada</Table.Th>
            <Table.Th>Último uso</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <IconKey size={16} aria-hidden />
                  {key.name}
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
              <Table.Td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Nunca'}</Table.Td>
              <Table.Td ta="right">
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  aria-label={`Quitar ${key.name}`}
                  onClick={() => onRemove(key)}
                >
                  Quitar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * 'Llaves de seguridad y passkeys' in 'Seguridad' (issue 41 item 7): a USB or NFC key, or the device's own
 * passkey, as a second factor beside the authenticator app's code. List, add with a name, remove with
 * re-authentication.
 */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = webauthnAvailable();
  return (
    <Paper withBorder p="md" component="section" aria-label="Llaves de seguridad y passkeys">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            Llaves de seguridad y passkeys
          </Title>
          {passkeys.data && (
            <Badge color={passkeys.data.length > 0 ? 'teal' : 'gray'} variant="light">
              {passkeys.data.length === 1 ? '1 registrada' : `${passkeys.data.length} registradas`}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Una llave de seguridad (USB o NFC) o la passkey de este dispositivo (huella, rostro o PIN) sirve como segundo
          factor al ingresar, en lugar del código de la aplicación. Registre más de una si puede: si pierde la única,
          sólo la secretaría podrá restablecer su segundo factor.
        </Text>
        {!supported && <Alert color="gray">{MSG_WEBAUTHN.unsupported}</Alert>}
        {passkeys.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Cargando llaves de seguridad" />
          </Center>
        ) : passkeys.isError ? (
          <Text c="red" size="sm">
            {passkeys.error instanceof ApiError
              ? passkeys.error.message
              : 'No se pudieron cargar las llaves de seguridad.'}
          </Text>
        ) : (
          <PasskeysTable items={passkeys.data} onRemove={setRemoving} />
        )}
        {supported && <AddPasskeyForm />}
      </Stack>
      {removing && <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(null)} />}
    </Paper>
  );
}
