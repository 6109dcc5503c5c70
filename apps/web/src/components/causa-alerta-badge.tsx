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
    // A badge's label is one line cut with '…' by default: at 390 px 'AUSENCIAS C…' (issue 43); it wraps instead.
    <Badge
      color={CAUSA_COLOR[causa]}
      variant="light"
      maw="100%"
      styles={{
        root: { height: 'auto', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {CAUSA_ALERTA_LABEL[causa]}
    </Badge>
  );
}
