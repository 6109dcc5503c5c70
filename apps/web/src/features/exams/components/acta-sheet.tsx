import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import clsx from 'clsx';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './acta.module.css';
import { usePrint } from './use-print';

/** A printable acta page: 'Cancelar - Volver' to the exam and 'Imprimir' (hidden on paper), then the A4 sheet. */
export function ActaSheet({
  examId: examenId,
  label,
  children,
}: {
  examId: number;
  label: string;
  children: ReactNode;
}) {
  const { printing, print } = usePrint();
  return (
    <Stack gap="md">
      <Group justify="flex-end" className="no-print">
        <Button
          component={Link}
          to={paths.exams.edit(examenId)}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Cancelar - Volver
        </Button>
        <Button onClick={print} leftSection={<IconPrinter size={16} />}>
          Imprimir
        </Button>
      </Group>
      <article className={clsx(classes.sheet, printing && classes.printing)} aria-label={label}>
        {children}
      </article>
    </Stack>
  );
}

/** An acta page whose data did not load (or does not exist): why, and the way back. */
export function ActaLoadFailed({ title, back }: { title: string; back: string }) {
  return (
    <Alert color="red" title={title}>
      <Button component={Link} to={back} variant="light" mt="sm">
        Cancelar - Volver
      </Button>
    </Alert>
  );
}
