import {
  ESTADO_CIVIL_LABELS,
  GENERO_LABELS,
  MSG,
  mustUpdateFicha,
  type UserDetail,
  type UserFormData,
  personInitials,
} from '@arandu/shared';
import { Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { formatDate, formatDocumentNumber } from '../../../lib/format';
import { useUserFormData } from '../api/get-form-data';
import { useProfile } from '../api/get-user';
import { usePhoto } from '../api/photo';
import { FichaBanner } from '../components/ficha-banner';
import { NoticesSwitch } from '../components/notices-switch';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

function Field({ label, value }: { label: string; value: ReactNode }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" c={empty ? 'dimmed' : undefined}>
        {empty ? '—' : value}
      </Text>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

function ProfileView({ user, formData }: { user: UserDetail; formData: UserFormData }) {
  const photo = usePhoto(user.id, user.urlPhoto, user.photoName);
  const photoUrl = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(
    () => () => {
      if (photoUrl) URL.revokeObjectURL(photoUrl);
    },
    [photoUrl],
  );
  const pais = (id: number | null) => formData.paises.find((p) => p.id === id)?.nombre ?? null;
  const discapacidades = [
    user.saludPoseeDiscapacidadVisual && 'Visual',
    user.saludPoseeDiscapacidadAuditiva && 'Auditiva',
    user.saludPoseeDiscapacidadMotora && 'Motora',
    user.saludPoseeDiscapacidadCognitiva && 'Cognitiva',
    user.saludPoseeOtraDiscapacidad && (user.saludOtraDiscapacidad || 'Otra'),
  ].filter(Boolean);
  const name = `${user.nombre} ${user.apellido}`;

  return (
    <Stack gap="md">
      {mustUpdateFicha(user) && <FichaBanner user={user} />}
      <Paper withBorder p="lg">
        <Group gap="lg" wrap="wrap">
          <Avatar
            src={photoUrl}
            alt={photoUrl ? `Foto de ${name}` : undefined}
            name={name}
            color="initials"
            size={112}
            radius="md"
          >
            {personInitials(user.nombre, user.apellido)}
          </Avatar>
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {name}
            </Title>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
            <Group gap={6}>
              {user.roles.map((r) => (
                <Badge key={r.value} variant="light">
                  {r.label}
                </Badge>
              ))}
              {user.esAlumno && (
                <Badge variant="dot" color={user.fichaActualizada ? 'teal' : 'yellow'}>
                  {user.fichaActualizada ? 'Ficha actualizada' : 'Ficha pendiente'}
                </Badge>
              )}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.account.security}
              variant="default"
              leftSection={<IconShieldLock size={16} />}
            >
              Seguridad
            </Button>
            <Button component={Link} to={paths.account.editProfile} leftSection={<IconEdit size={16} />}>
              Editar Perfil
            </Button>
          </Group>
        </Group>
      </Paper>

      {user.esAlumno && <NoticesSwitch />}
      <Card title="Información personal">
        <Field label="Documento" value={formatDocumentNumber(user.numeroDocumento)} />
        <Field label="Fecha de nacimiento" value={formatDate(user.fechaNacimiento)} />
        <Field label="Lugar de nacimiento" value={user.lugarNacimiento} />
        <Field label="Nacionalidad" value={pais(user.nacionalidadPaisId)} />
        <Field label="Género" value={GENERO_LABELS[user.genero]} />
        <Field label="Grupo sanguíneo" value={user.grupoSanguineo} />
        <Field label="Estado civil" value={ESTADO_CIVIL_LABELS[user.estadoCivil]} />
        <Field label="Teléfono celular" value={user.telefonoCelular} />
        <Field
          label="Pueblo originario"
          value={user.provenienteDePuebloOriginario ? user.puebloOriginario || 'Si' : 'No'}
        />
        <Field
          label="Arancel Cero"
          value={
            user.arancelCero
              ? `Si${user.fechaFinArancelCero ? `, hasta el ${formatDate(user.fechaFinArancelCero)}` : ''}`
              : 'No'
          }
        />
      </Card>
      <Card title="Domicilio">
        <Field label="Calle" value={[user.domicilioCalle, user.domicilioNumero].filter(Boolean).join(' ')} />
        <Field label="Localidad" value={user.domicilioLocalidad} />
        <Field label="País" value={pais(user.domicilioPaisId)} />
        <Field label="Teléfono" value={user.domicilioTelefono} />
      </Card>
      <Card title="Trabajo">
        <Field label="Empresa" value={user.trabajoEmpresa} />
        <Field label="Dirección" value={[user.trabajoCalle, user.trabajoNumero].filter(Boolean).join(' ')} />
        <Field label="Localidad" value={user.trabajoLocalidad} />
        <Field label="País" value={pais(user.trabajoPaisId)} />
        <Field label="Teléfono laboral" value={user.trabajoTelefono} />
        <Field label="Horario" value={user.trabajoHorario} />
      </Card>
      <Card title="Salud y contacto de emergencia">
        <Field label="Enfermedad" value={user.saludEnfermedad} />
        <Field label="Medicamentos" value={user.saludMedicamente} />
        <Field label="Alergias" value={user.saludAlergia} />
        <Field label="Contacto de emergencia" value={user.emergenciaContacto} />
        <Field label="Teléfono de emergencia" value={user.emergenciaNumero} />
        <Field label="Relación / parentesco" value={user.emergenciaRelacionParentesca} />
        <Field label="Discapacidades" value={discapacidades.length ? discapacidades.join(', ') : 'Ninguna'} />
      </Card>
      {user.categoriasProfesores.length > 0 && (
        <Paper withBorder p="md" component="section" aria-label="Categorías docentes">
          <Title order={2} fz="md" mb="sm">
            Categorías docentes
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Materia</Table.Th>
                  <Table.Th>Escalafón</Table.Th>
                  <Table.Th>Nota</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {user.categoriasProfesores.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.materia.label}</Table.Td>
                    <Table.Td>{c.escalafon.label}</Table.Td>
                    <Table.Td>{c.notas}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

/** '/pages/account/my-profile': 'Mi Perfil', the own ficha to read (spec 01 section 2). */
export function MyProfilePage() {
  const profile = useProfile();
  const formData = useUserFormData();
  useLoadErrorToast(profile.error, MSG.userLoadFailed);
  useLoadErrorToast(formData.error, MSG.formDataLoadFailed);

  return (
    <>
      <PageHeader title="Mi Perfil" description="Sus datos personales, tal como los tiene la facultad." />
      {profile.data && formData.data ? <ProfileView user={profile.data} formData={formData.data} /> : <PageLoader />}
    </>
  );
}
