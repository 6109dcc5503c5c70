import {
  BIRTH_YEARS_BACK,
  DOCUMENTO_MAX,
  ESTADO_CIVIL_LABELS,
  GENERO_LABELS,
  GRUPOS_SANGUINEOS,
  MSG,
  NAME_MAX,
  NOTES_MAX,
  identityLockedReason,
  personInitials,
  PHONE_MAX,
  Role,
  ROLE_INFO,
  userChangeRefusal,
  type UserDetail,
  type UserFormData,
  type UserSaveReply,
} from '@arandu/shared';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Collapse,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconChevronDown, IconDeviceFloppy, IconKey, IconArrowLeft, IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { DATE_FORMAT, formatDocumentNumber, parseDate } from '../../../lib/format';
import { userActor, userCan, useSession } from '../../../lib/session';
import { useUploadPhoto } from '../api/photo';
import { useSaveProfile, useSaveUser } from '../api/save-user';
import { useAskResetPassword } from './use-ask-reset-password';
import { FichaBanner } from './ficha-banner';
import { PhotoField } from './photo-field';
import { showTemporaryPassword } from './temporary-password-dialog';
import { TeachingCategories } from './teaching-categories';
import {
  EMPTY_USER,
  EXTRA_FIELDS,
  fromDetail,
  toProfileSave,
  toUserSave,
  validateUser,
  type UserFormMode,
  type UserFormValues,
} from './user-form-values';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';

export interface UserFormProps {
  mode: UserFormMode;
  /** The user being edited; null for a new one (staff mode only). */
  user: UserDetail | null;
  formData: UserFormData;
  /** Show the banner 'Debe actualizar la ficha antes de inscribirse a las materias'. */
  banner?: boolean;
  /** After a successful save (the page decides where to go). */
  onSaved: (saved: UserDetail) => void;
  onCancel: () => void;
  /** The heading; by default 'Editar' or 'Nueva Ficha del {role}'. */
  title?: string;
  description?: string;
}

const ROLE_ORDER = [Role.Alumno, Role.Profesor, Role.Funcionario, Role.Admin];
const earliestBirthDate = dayjs().subtract(BIRTH_YEARS_BACK, 'year').startOf('year').format('YYYY-MM-DD');
const today = dayjs().format('YYYY-MM-DD');

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The title of the form (spec 01 section 2): 'Editar', or 'Nueva Ficha del {role}' for the first role chosen. */
export function userFormTitle(user: UserDetail | null, roles: number[]): string {
  if (user) return 'Editar';
  const first = ROLE_ORDER.find((r) => roles.includes(r));
  return `Nueva Ficha del ${first === undefined ? 'Usuario' : ROLE_INFO[first].title}`;
}

/**
 * The user form (spec 01 sections 2, 3, 5): staff mode for 'Usuarios', profile mode for the own ficha.
 * Validation is the shared schema of the mode; the server checks it all again.
 */
export function UserForm({ mode, user, formData, banner, onSaved, onCancel, title, description }: UserFormProps) {
  const session = useSession();
  const staff = userCan(session, 'users:manage');
  const canGrantAdmin = userCan(session, 'users:grant-admin');
  const saveUser = useSaveUser();
  const saveProfile = useSaveProfile();
  const uploadPhoto = useUploadPhoto();
  const resetPassword = useAskResetPassword();
  const [extraOpen, setExtraOpen] = useState(mode === 'profile');
  const [pendingPhoto, setPendingPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // A refused save leaves the focus on the first field in error, not on 'Guardar' (issue 43 item 3).
  const focusFirstInvalid = useFocusFirstInvalid<HTMLFormElement>();

  const materiaLabels = new Map(formData.materias.map((m) => [m.value, m.label]));
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: user ? fromDetail(user) : EMPTY_USER,
    validate: (values) => validateUser(values, mode, (id) => materiaLabels.get(id) ?? String(id)),
  });
  const v = form.values;

  // Another Admin is shown, not changed, unless the caller is the root administrator; an Admin's own roles and
  // e-mail, and a staff member's for a Funcionario, are not changed here (the server refuses all of it:
  // userChangeRefusal, identityLockedReason).
  const actor = userActor(session);
  const lockedBecause = mode === 'staff' && user && actor ? userChangeRefusal(actor, user) : undefined;
  const identityReason =
    mode === 'staff' && user && actor
      ? identityLockedReason(actor, {
          id: user.id,
          esFuncionario: user.roles.some((r) => r.value === Role.Funcionario),
          esAdmin: user.roles.some((r) => r.value === Role.Admin),
        })
      : undefined;
  const identityLocked = identityReason !== undefined;
  const readOnly = lockedBecause !== undefined;
  const coreLocked = readOnly || (mode === 'profile' && !staff);
  const nationalityLocked = readOnly || (coreLocked && user?.nacionalidadPaisId !== null);
  const saving = saveUser.isPending || saveProfile.isPending || uploadPhoto.isPending;

  const text = (key: keyof UserFormValues, max: number, locked = readOnly) => ({
    ...form.getInputProps(key),
    maxLength: max,
    readOnly: locked,
    variant: locked ? 'filled' : 'default',
  });
  const idSelect = (key: 'nacionalidadPaisId' | 'domicilioPaisId' | 'trabajoPaisId', locked = readOnly) => ({
    data: formData.paises.map((p) => ({ value: String(p.id), label: p.nombre })),
    value: v[key] === null ? null : String(v[key]),
    onChange: (value: string | null) => form.setFieldValue(key, value ? Number(value) : null),
    error: form.errors[key],
    searchable: true,
    clearable: key !== 'nacionalidadPaisId',
    nothingFoundMessage: EMPTY_RESULT_TEXT,
    placeholder: 'Seleccione el país',
    readOnly: locked,
    variant: locked ? 'filled' : 'default',
  });
  const dateInput = (key: 'fechaNacimiento' | 'fechaFinArancelCero', locked: boolean) => ({
    value: v[key],
    onChange: (value: string | null) => form.setFieldValue(key, value),
    error: form.errors[key],
    valueFormat: DATE_FORMAT,
    dateParser: (input: string) => parseDate(input),
    placeholder: 'dd/mm/aaaa',
    clearable: !locked,
    readOnly: locked,
    variant: locked ? 'filled' : 'default',
  });
  const check = (key: keyof UserFormValues, locked = readOnly) => ({
    ...form.getInputProps(key, { type: 'checkbox' }),
    disabled: locked,
  });

  const failed = (error: unknown) => {
    form.setErrors(fieldErrorsOf(error));
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.body?.error) {
      toast.warning(error.body.error);
    } else {
      toast.error(MSG.userSaveFailed);
    }
  };

  const save = async (values: UserFormValues) => {
    if (user && !user.photoName) {
      setPhotoError(MSG.photoRequired);
      toast.warning(MSG.photoRequired);
      return;
    }
    setPhotoError(null);
    try {
      const { contrasenaTemporal, ...saved }: UserSaveReply =
        mode === 'staff'
          ? await saveUser.mutateAsync(toUserSave(values))
          : await saveProfile.mutateAsync(toProfileSave(values));
      toast.success(MSG.userSaved);
      // A new account without a mail server: its password, once (the dialog stays up as the page moves on).
      if (contrasenaTemporal) void showTemporaryPassword(saved, contrasenaTemporal);
      if (!user && pendingPhoto) {
        try {
          await uploadPhoto.mutateAsync({ userId: saved.id, file: pendingPhoto });
          toast.success(MSG.photoSaved);
        } catch (error) {
          toast.warning(failureMessage(error, MSG.photoSaveFailed));
        }
      }
      onSaved(saved);
    } catch (error) {
      failed(error);
    }
  };

  const invalid = (errors: Record<string, unknown>) => {
    if (Object.keys(errors).some((key) => (EXTRA_FIELDS as string[]).includes(key))) setExtraOpen(true);
    toast.warning('Revise los datos marcados en el formulario');
  };

  // 'Cancelar - Volver' dropped typed changes without a word (issue 34 item 19): ask, as the wizard does.
  const cancel = async () => {
    const unsaved = !readOnly && (form.isDirty() || pendingPhoto !== null);
    if (unsaved) {
      const leave = await confirmDialog({
        title: 'Hay cambios sin guardar',
        message: 'Los cambios de este formulario todavía no se guardaron. ¿Desea salir sin guardarlos?',
        confirmLabel: 'Sí, salir sin guardar',
        cancelLabel: 'No, Volver',
        danger: true,
      });
      if (!leave) return;
    }
    onCancel();
  };

  const fullName = `${v.nombre} ${v.apellido}`.trim() || 'Nuevo usuario';
  const isProfesor = v.roles.includes(Role.Profesor);

  return (
    <form ref={focusFirstInvalid} onSubmit={form.onSubmit((values) => void save(values), invalid)} noValidate>
      <PageHeader
        title={title ?? userFormTitle(user, v.roles)}
        description={
          description ??
          (user ? `${user.nombre} ${user.apellido} · ${user.email}` : 'Los campos marcados con * son obligatorios.')
        }
      />
      <Stack gap="md">
        {banner && user && <FichaBanner user={user} />}
        {(readOnly || identityLocked) && (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
            {lockedBecause ?? identityReason}
          </Alert>
        )}

        <Section title="Información personal" id="seccion-personal">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <PhotoField
                userId={user?.id ?? null}
                urlPhoto={user?.urlPhoto ?? null}
                photoName={user?.photoName ?? null}
                pending={pendingPhoto}
                onPendingChange={setPendingPhoto}
                error={user?.photoName ? null : photoError}
                readOnly={readOnly}
                name={fullName}
                initials={personInitials(v.nombre, v.apellido)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <TextInput label="Nombre" required={!coreLocked} {...text('nombre', NAME_MAX, coreLocked)} />
                <TextInput label="Apellido" required={!coreLocked} {...text('apellido', NAME_MAX, coreLocked)} />
                <TextInput
                  label="Número de documento"
                  required={!coreLocked}
                  inputMode="numeric"
                  {...text('numeroDocumento', DOCUMENTO_MAX, coreLocked)}
                  // Typed as plain digits (dots added while typing would move the caret); read-only, it reads as
                  // every list shows it: '4.858.380' (issue 34 item 18).
                  {...(coreLocked ? { value: formatDocumentNumber(v.numeroDocumento) } : {})}
                />
                <TextInput
                  label="Correo electrónico"
                  type="email"
                  required={!(coreLocked || identityLocked)}
                  {...text('email', 254, coreLocked || identityLocked)}
                />
                <DateInput
                  label="Fecha de nacimiento"
                  minDate={earliestBirthDate}
                  maxDate={today}
                  defaultLevel="decade"
                  {...dateInput('fechaNacimiento', coreLocked)}
                />
                <TextInput label="Lugar de nacimiento" {...text('lugarNacimiento', NAME_MAX, coreLocked)} />
                <Select
                  label="Nacionalidad"
                  required={!nationalityLocked}
                  {...idSelect('nacionalidadPaisId', nationalityLocked)}
                />
                <Select
                  label="Género"
                  data={Object.entries(GENERO_LABELS).map(([value, label]) => ({ value, label }))}
                  value={String(v.genero)}
                  onChange={(value) => form.setFieldValue('genero', Number(value ?? 0))}
                  allowDeselect={false}
                  readOnly={coreLocked}
                  variant={coreLocked ? 'filled' : 'default'}
                />
                <Select
                  label="Grupo sanguíneo"
                  data={[...GRUPOS_SANGUINEOS]}
                  value={v.grupoSanguineo}
                  onChange={(value) => form.setFieldValue('grupoSanguineo', value)}
                  clearable={!coreLocked}
                  placeholder="Sin dato"
                  readOnly={coreLocked}
                  variant={coreLocked ? 'filled' : 'default'}
                />
                <Select
                  label="Estado civil"
                  data={Object.entries(ESTADO_CIVIL_LABELS).map(([value, label]) => ({ value, label }))}
                  value={String(v.estadoCivil)}
                  onChange={(value) => form.setFieldValue('estadoCivil', Number(value ?? 0))}
                  allowDeselect={false}
                  readOnly={coreLocked}
                  variant={coreLocked ? 'filled' : 'default'}
                />
                <TextInput
                  label="Teléfono celular"
                  required
                  type="tel"
                  placeholder="0981 123 456"
                  {...text('telefonoCelular', PHONE_MAX)}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
                <Stack gap="xs">
                  <Switch label="Proviene de pueblo originario" {...check('provenienteDePuebloOriginario')} />
                  <TextInput
                    label="Pueblo originario"
                    {...text('puebloOriginario', NAME_MAX, readOnly || !v.provenienteDePuebloOriginario)}
                    disabled={!v.provenienteDePuebloOriginario}
                  />
                </Stack>
                <Stack gap="xs">
                  <Switch label="Arancel Cero" {...check('arancelCero', coreLocked)} />
                  <DateInput
                    label="Fin de Arancel Cero"
                    disabled={!v.arancelCero}
                    {...dateInput('fechaFinArancelCero', coreLocked || !v.arancelCero)}
                  />
                </Stack>
              </SimpleGrid>
            </Grid.Col>
          </Grid>
        </Section>

        <Section title="Domicilio" id="seccion-domicilio">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label="Calle" {...text('domicilioCalle', NAME_MAX)} />
            <TextInput label="Número" {...text('domicilioNumero', NAME_MAX)} />
            <TextInput label="Localidad" {...text('domicilioLocalidad', NAME_MAX)} />
            <TextInput label="Teléfono" type="tel" {...text('domicilioTelefono', PHONE_MAX)} />
            <Select label="País" {...idSelect('domicilioPaisId')} />
          </SimpleGrid>
        </Section>

        <Paper withBorder component="section" aria-labelledby="seccion-extra">
          <UnstyledButton
            w="100%"
            p="md"
            onClick={() => setExtraOpen((open) => !open)}
            aria-expanded={extraOpen}
            aria-controls="datos-adicionales"
          >
            <Group justify="space-between">
              <div>
                <Title order={2} fz="lg" id="seccion-extra">
                  Datos adicionales
                </Title>
                <Text size="sm" c="dimmed">
                  Trabajo, salud, contacto de emergencia y discapacidades
                </Text>
              </div>
              <IconChevronDown
                size={20}
                style={{ transform: extraOpen ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                aria-hidden
              />
            </Group>
          </UnstyledButton>
          <Collapse expanded={extraOpen} id="datos-adicionales">
            <Stack gap="lg" px="md" pb="md">
              <Box>
                <Title order={3} fz="md" mb="xs">
                  Trabajo
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                  <TextInput label="Empresa" {...text('trabajoEmpresa', NAME_MAX)} />
                  <TextInput label="Calle" {...text('trabajoCalle', NAME_MAX)} />
                  <TextInput label="Número" {...text('trabajoNumero', NAME_MAX)} />
                  <TextInput label="Localidad" {...text('trabajoLocalidad', NAME_MAX)} />
                  <TextInput label="Teléfono laboral" type="tel" {...text('trabajoTelefono', PHONE_MAX)} />
                  <Select label="País" {...idSelect('trabajoPaisId')} />
                  <TextInput
                    label="Horario"
                    placeholder="Lunes a viernes, 8 a 16"
                    {...text('trabajoHorario', NAME_MAX)}
                  />
                </SimpleGrid>
              </Box>
              <Box>
                <Title order={3} fz="md" mb="xs">
                  Salud
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput label="Enfermedad" {...text('saludEnfermedad', NOTES_MAX)} />
                  <TextInput label="Medicamentos" {...text('saludMedicamente', NOTES_MAX)} />
                  <TextInput label="Alergias" {...text('saludAlergia', NOTES_MAX)} />
                </SimpleGrid>
              </Box>
              <Box>
                <Title order={3} fz="md" mb="xs">
                  Contacto de emergencia
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label="Teléfono de emergencia"
                    type="tel"
                    required={mode === 'profile'}
                    {...text('emergenciaNumero', PHONE_MAX)}
                  />
                  <TextInput
                    label="Nombre del contacto"
                    required={mode === 'profile'}
                    {...text('emergenciaContacto', NAME_MAX)}
                  />
                  <TextInput label="Relación / parentesco" {...text('emergenciaRelacionParentesca', NAME_MAX)} />
                </SimpleGrid>
              </Box>
              <Box>
                <Title order={3} fz="md" mb="xs">
                  Discapacidades
                </Title>
                <Group gap="lg">
                  <Checkbox label="Visual" {...check('saludPoseeDiscapacidadVisual')} />
                  <Checkbox label="Auditiva" {...check('saludPoseeDiscapacidadAuditiva')} />
                  <Checkbox label="Motora" {...check('saludPoseeDiscapacidadMotora')} />
                  <Checkbox label="Cognitiva" {...check('saludPoseeDiscapacidadCognitiva')} />
                  <Checkbox label="Otra" {...check('saludPoseeOtraDiscapacidad')} />
                </Group>
                <TextInput
                  mt="sm"
                  maw={420}
                  label="Otra discapacidad"
                  {...text('saludOtraDiscapacidad', NAME_MAX, readOnly || !v.saludPoseeOtraDiscapacidad)}
                  disabled={!v.saludPoseeOtraDiscapacidad}
                />
              </Box>
            </Stack>
          </Collapse>
        </Paper>

        {mode === 'staff' && (
          <Section title="Roles" id="seccion-roles">
            <Checkbox.Group
              value={v.roles.map(String)}
              onChange={(values) => form.setFieldValue('roles', values.map(Number))}
              error={form.errors.roles}
              aria-label="Roles"
            >
              <Group gap="xl" mt={4}>
                {ROLE_ORDER.map((role) => (
                  <Checkbox
                    key={role}
                    value={String(role)}
                    label={ROLE_INFO[role].title}
                    disabled={readOnly || identityLocked || (role === Role.Admin && !canGrantAdmin)}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          </Section>
        )}

        {((mode === 'staff' && isProfesor) || (mode === 'profile' && v.categoriasProfesores.length > 0)) && (
          <TeachingCategories
            form={form}
            materias={formData.materias}
            escalafones={formData.escalafonDocente}
            readOnly={readOnly || mode === 'profile'}
          />
        )}

        <Group justify="space-between" gap="sm">
          <Box>
            {mode === 'staff' && user && staff && !readOnly && (
              <Button
                variant="default"
                leftSection={<IconKey size={16} />}
                loading={resetPassword.isPending}
                onClick={() => void (user && resetPassword.askReset(user))}
              >
                Restablecer contraseña
              </Button>
            )}
          </Box>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void cancel()}>
              Cancelar - Volver
            </Button>
            {!readOnly && (
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
                Guardar
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
