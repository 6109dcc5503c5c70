import { CAUSA_ALERTA_LABEL, type CausaAlerta } from '@arandu/shared';
import { Badge } from '@mantine/core';

const CAUSA_COLOR: Record<CausaAlerta, string> = {
  'asistencia-inalcanzable': 'red',
  'ausencias-consecutivas': 'orange',
  'pp-bajo': 'yellow',
};

/** The cause of an early warning (issue 30), on the professor's plan page and the student's dashboard. */
export function CausaAlertaBadge({ causa }: { causa: CausaAlerta }) {
  return (
    <Badge color={CAUSA_COLOR[causa]} variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
      {CAUSA_ALERTA_LABEL[causa]}
    </Badge>
  );
}
