import {
  CONFIGURACION_KEYS,
  LOGO_MAX_BYTES,
  MSG_CONFIG,
  zConfiguracionSave,
  type ConfiguracionSave,
} from '@arandu/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDeviceFloppy, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DecimalInput } from '../../../components/decimal-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { logoUrl } from '../../../lib/membrete';
import { useSession } from '../../../lib/session';
import { useConfiguracion, useRemoveLogo, useSaveConfiguracion, useUploadLogo } from '../api/configuration-api';

type NumberKey = {
  [K in keyof ConfiguracionSave]: ConfiguracionSave[K] extends number ? K : never;
}[keyof ConfiguracionSave];

const ACADEMIC: { key: NumberKey; label: string; step?: number; suffix?: string }[] = [
  { key: 'minAsistenciaExamen', label: 'Asistencia mínima para rendir examen', suffix: ' %' },
  { key: 'minPPFinal', label: 'PP mínimo para el examen final (debajo, recuperatorio)', suffix: ' %' },
  { key: 'minPF', label: 'Prueba final mínima para aprobar', suffix: ' %' },
  { key: 'pesoPP', label: 'Peso de las pruebas parciales (0 a 1)', step: 0.05 },
  { key: 'pesoPF', label: 'Peso de la prueba final (0 a 1)', step: 0.05 },
  { key: 'vigenciaDerechoExamenMeses', label: 'Vigencia del derecho a examen (meses)' },
  { key: 'listaEsperaOfertaHoras', label: 'Plazo para tomar un lugar de la lista de espera (horas)' },
];
/** 'Sólo ingreso institucional' (issue 41): the roles whose accounts bound to the provider use no password. */
const INSTITUTIONAL_ONLY: { key: keyof ConfiguracionSave['soloIngresoInstitucional']; label: string }[] = [
  { key: 'personal', label: 'Personal (funcionarios y administradores, salvo el administrador raíz)' },
  { key: 'profesores', label: 'Profesores' },
  { key: 'alumnos', label: 'Alumnos' },
];
/** The figures the schema wants whole (`figure(…, true)`). */
const WHOLE = new Set<NumberKey>([
  'vigenciaDerechoExamenMeses',
  'loginMaxFallos',
  'loginBloqueoMinutos',
  'listaEsperaOfertaHoras',
]);
const ACCESS: { key: NumberKey; label: string; step?: number }[] = [
  { key: 'loginMaxFallos', label: 'Intentos fallidos que bloquean la cuenta' },
  { key: 'loginBloqueoMinutos', label: 'Minutos de bloqueo de la cuenta' },
  { key: 'sesionInactividadHoras', label: 'Horas sin uso tras las que termina una sesión', step: 0.5 },
  { key: 'sesionDuracionMaximaDias', label: 'Días tras los que termina una sesión', step: 0.5 },
];

function ConfigurationForm({ initial, tieneLogo }: { initial: ConfiguracionSave; tieneLogo: boolean }) {
  const save = useSaveConfiguracion();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoVersion, setLogoVersion] = useState(() => Date.now());
  const form = useForm<ConfiguracionSave>({
    initialValues: Object.fromEntries(CONFIGURACION_KEYS.map((k) => [k, initial[k]])) as ConfiguracionSave,
    validate: schemaResolver(zConfiguracionSave, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      form.resetDirty(values);
      toast.success(MSG_CONFIG.saved);
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.error(failureMessage(error, MSG_CONFIG.loadFailed));
    }
  });

  const sendLogo = async () => {
    if (!logo) return toast.warning(MSG_CONFIG.logoChoose);
    if (logo.size > LOGO_MAX_BYTES) return toast.error(MSG_CONFIG.logoTooLarge);
    try {
      await upload.mutateAsync(logo);
      setLogo(null);
      setLogoVersion(Date.now());
      toast.success(MSG_CONFIG.logoSaved);
    } catch (error) {
      toast.error(failureMessage(error, MSG_CONFIG.logoType));
    }
  };

  const dropLogo = async () => {
    const ok = await confirmDialog({
      title: 'Quitar el logo',
      message: 'Las actas y los certificados se imprimirán sin logo. ¿Continuar?',
      confirmLabel: 'Sí, quitar',
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(undefined);
      toast.success(MSG_CONFIG.logoRemoved);
    } catch (error) {
      toast.error(failureMessage(error, MSG_CONFIG.loadFailed));
    }
  };

  const numbers = (fields: typeof ACADEMIC) =>
    fields.map((f) => (
      <DecimalInput
        key={f.key}
        label={f.label}
        // Percentages (75,5), weights (0,35) and hours (1,5) take decimals; counts, months and minutes are whole.
        decimals={WHOLE.has(f.key) ? 0 : 2}
        rightSection={f.suffix ? '%' : undefined}
        {...form.getInputProps(f.key)}
        value={form.values[f.key]}
        onChange={(value) => form.setFieldValue(f.key, value ?? ('' as unknown as number))}
      />
    ));

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Card withBorder>
            <Title order={2} fz="h4" mb="sm">
              Membrete de actas y certificados
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Universidad" required {...form.getInputProps('nombreUniversidad')} />
              <TextInput label="Facultad" required {...form.getInputProps('nombreFacultad')} />
              <TextInput label="Decano" {...form.getInputProps('nombreDecano')} />
            </SimpleGrid>
            <TextInput
              mt="sm"
              type="url"
              label="Página web de la facultad"
              description="La verificación pública de documentos la ofrece cuando un código no existe."
              placeholder="https://"
              {...form.getInputProps('sitioFacultad')}
            />
          </Card>
          <Card withBorder>
            <Title order={2} fz="h4" mb="sm">
              Cifras académicas
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{numbers(ACADEMIC)}</SimpleGrid>
          </Card>
          <Card withBorder>
            <Title order={2} fz="h4" mb="sm">
              Acceso y sesiones
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>{numbers(ACCESS)}</SimpleGrid>
            <Stack gap="xs" mt="md" role="group" aria-labelledby="solo-ingreso-institucional">
              <Text id="solo-ingreso-institucional" fw={500} size="sm">
                Sólo ingreso institucional
              </Text>
              <Text size="xs" c="dimmed">
                Las cuentas de estos roles ya vinculadas a su cuenta institucional no pueden ingresar con contraseña.
                Rige sólo si el ingreso con cuenta institucional está configurado.
              </Text>
              {INSTITUTIONAL_ONLY.map((r) => (
                <Checkbox
                  key={r.key}
                  label={r.label}
                  {...form.getInputProps(`soloIngresoInstitucional.${r.key}`, { type: 'checkbox' })}
                />
              ))}
            </Stack>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Guardar configuración
            </Button>
          </Group>
        </Stack>
      </form>
      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          Logo
        </Title>
        <Stack gap="sm">
          {tieneLogo ? (
            <Image src={logoUrl(logoVersion)} alt="Logo actual" maw={240} fit="contain" />
          ) : (
            <Text c="dimmed">No hay logo cargado: las actas y certificados se imprimen sin él.</Text>
          )}
          <FileInput
            label="Nuevo logo (png o jpeg, hasta 1 MB)"
            accept="image/png,image/jpeg"
            value={logo}
            onChange={setLogo}
            clearable
          />
          <Group>
            <Button onClick={sendLogo} loading={upload.isPending} leftSection={<IconUpload size={16} />}>
              Subir logo
            </Button>
            {tieneLogo && (
              <Button color="red" variant="light" onClick={dropLogo} leftSection={<IconTrash size={16} />}>
                Quitar logo
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** 'Configuración' (issue 30): administrators only; each save is audited and rules at once. */
export function ConfigurationPage() {
  const user = useSession();
  const config = useConfiguracion();
  return (
    <Stack gap="md">
      <PageHeader
        title="Configuración"
        description="Las cifras que rigen la facultad y el membrete de los documentos impresos. Cada cambio queda en la auditoría."
      />
      {!user?.esAdmin ? (
        <Alert color="yellow">Esta página es para administradores.</Alert>
      ) : config.isError ? (
        <Alert color="red">{failureMessage(config.error, MSG_CONFIG.loadFailed)}</Alert>
      ) : !config.data ? (
        <PageLoader />
      ) : (
        // The form reads its initial values once, when the data first arrives.
        <ConfigurationForm initial={config.data} tieneLogo={config.data.tieneLogo} />
      )}
    </Stack>
  );
}
