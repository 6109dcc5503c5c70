import { CATEGORIAS_MAX, NOTES_MAX, type Option } from '@arandu/shared';
import { ActionIcon, Button, Group, Paper, Select, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { newCategoriaRow, type UserFormValues } from './user-form-values';
import { EMPTY_RESULT_TEXT } from '../../../components/empty-result';

interface Props {
  form: UseFormReturnType<UserFormValues>;
  materias: Option[];
  escalafones: Option[];
  readOnly?: boolean;
}

const asOptions = (options: Option[]) => options.map((o) => ({ value: String(o.value), label: o.label }));

/** The professor's teaching categories: subject, rank (escalafón) and a note per row (spec 01 section 2). */
export function TeachingCategories({ form, materias, escalafones, readOnly }: Props) {
  const rows = form.values.categoriasProfesores;
  const materiaData = asOptions(materias);
  const escalafonData = asOptions(escalafones);
  const setId = (i: number, field: 'materiaId' | 'escalafonDocenteId', value: string | null) =>
    form.setFieldValue(`categoriasProfesores.${i}.${field}`, value ? Number(value) : null);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="categorias-title">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz="lg" id="categorias-title">
            Categorías docentes
          </Title>
          <Text size="sm" c="dimmed">
            Escalafón del profesor en cada materia.
          </Text>
        </div>
        {!readOnly && rows.length < CATEGORIAS_MAX && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('categoriasProfesores', newCategoriaRow())}
          >
            Agregar categoría
          </Button>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Sin categorías docentes cargadas.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-labelledby="categorias-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="40%">Materia</Table.Th>
                <Table.Th w="25%">Escalafón</Table.Th>
                <Table.Th>Nota</Table.Th>
                {!readOnly && <Table.Th w={48} aria-label="Quitar" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, i) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Select
                      aria-label={`Materia de la fila ${i + 1}`}
                      placeholder="Seleccione la materia"
                      searchable
                      nothingFoundMessage={EMPTY_RESULT_TEXT}
                      data={materiaData}
                      value={row.materiaId ? String(row.materiaId) : null}
                      onChange={(v) => setId(i, 'materiaId', v)}
                      error={form.errors[`categoriasProfesores.${i}.materiaId`]}
                      readOnly={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Escalafón de la fila ${i + 1}`}
                      placeholder="Seleccione"
                      data={escalafonData}
                      value={row.escalafonDocenteId ? String(row.escalafonDocenteId) : null}
                      onChange={(v) => setId(i, 'escalafonDocenteId', v)}
                      error={form.errors[`categoriasProfesores.${i}.escalafonDocenteId`]}
                      readOnly={readOnly}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Nota de la fila ${i + 1}`}
                      maxLength={NOTES_MAX}
                      readOnly={readOnly}
                      {...form.getInputProps(`categoriasProfesores.${i}.notas`)}
                    />
                  </Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <Tooltip label="Quitar" withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Quitar la fila ${i + 1}`}
                          onClick={() => form.removeListItem('categoriasProfesores', i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!readOnly && rows.length >= CATEGORIAS_MAX && (
        <Text size="xs" c="dimmed" mt="xs">
          Se alcanzó el máximo de {CATEGORIAS_MAX} categorías.
        </Text>
      )}
    </Paper>
  );
}
