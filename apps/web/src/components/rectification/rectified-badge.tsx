import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export interface RectifiedBadgeProps {
  rectificacion: { nroRectificacion: string; codigo: string } | null | undefined;
}

/**
 * 'rectificada · R-…' beside figures an acta rectificativa set (decision 021, issue 44), linking to its public
 * verification: the student's exams, the exam's rows and the academic status mark a rectified grade alike.
 */
export function RectifiedBadge({ rectificacion }: RectifiedBadgeProps) {
  if (!rectificacion) return null;
  return (
    <Anchor
      component={Link}
      to={paths.verifyActa(rectificacion.codigo)}
      size="sm"
      title={`Nota rectificada por el acta rectificativa ${rectificacion.nroRectificacion}`}
    >
      {/* Filled and dark: the outline orange read 2.9:1 on the table (axe, WCAG AA). */}
      <Badge variant="filled" color="violet.9" style={{ cursor: 'pointer' }} miw="max-content">
        rectificada · {rectificacion.nroRectificacion}
      </Badge>
    </Anchor>
  );
}
