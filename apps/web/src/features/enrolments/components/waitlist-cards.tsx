import { CUPO_MSG, type MiListaEsperaItem } from '@arandu/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass, IconGift } from '@tabler/icons-react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { useAcceptOffer, useLeaveListaEspera, useMyListaEspera } from '../api/waitlist';

/** Leaving the list (declining an offer is leaving it too): asked first with what it costs. */
function useLeaveAsked(e: MiListaEsperaItem) {
  const leave = useLeaveListaEspera();
  const ask = async (question: { title: string; message: string; confirmLabel: string }) => {
    const ok = await confirmDialog({ ...question, danger: true });
    if (!ok) return;
    try {
      await leave.mutateAsync(e.materiaPeriodoId);
      toast.success(CUPO_MSG.leftList);
    } catch (error) {
      toast.warning(failureMessage(error, CUPO_MSG.notOnList));
    }
  };
  return { ask, isPending: leave.isPending };
}

function OfferCard({ e }: { e: MiListaEsperaItem }) {
  const accept = useAcceptOffer();
  const leave = useLeaveAsked(e);
  const take = async () => {
    try {
      await accept.mutateAsync(e.materiaPeriodoId);
      toast.success(`${CUPO_MSG.offerAccepted}: ${e.materia} (${e.seccion})`);
    } catch (error) {
      toast.warning(failureMessage(error, CUPO_MSG.noOffer));
    }
  };
  const decline = () =>
    leave.ask({
      title: 'Rechazar el lugar',
      message: `El lugar en ${e.materia} (${e.seccion}) pasará al siguiente de la lista y usted saldrá de ella.`,
      confirmLabel: 'Sí, Rechazar',
    });
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconGift size={20} />}
      title={`Hay un lugar para usted en ${e.materia} (${e.seccion})`}
      data-testid="oferta-lista-espera"
    >
      <Stack gap="xs">
        <Text size="sm">
          Acéptelo antes del {formatDateTime(e.ofertaVence)}; pasado ese plazo, se ofrece al siguiente de la lista.
        </Text>
        <Group gap="xs">
          <Button size="xs" color="teal" loading={accept.isPending} onClick={() => void take()}>
            Aceptar el lugar
          </Button>
          <Button size="xs" variant="default" loading={leave.isPending} onClick={() => void decline()}>
            Rechazar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function WaitingCard({ e }: { e: MiListaEsperaItem }) {
  const leave = useLeaveAsked(e);
  const exit = () =>
    leave.ask({
      title: 'Salir de la lista de espera',
      message: `Perderá su posición ${e.posicion} en ${e.materia} (${e.seccion}).`,
      confirmLabel: 'Sí, Salir',
    });
  return (
    <Alert color="yellow" variant="light" icon={<IconHourglass size={20} />} data-testid="lista-espera">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Lista de espera de <strong>{e.materia}</strong> ({e.seccion}, {e.periodo}): posición{' '}
          <strong>{e.posicion}</strong>. Se le avisará por correo y aquí cuando se libere un lugar.
        </Text>
        <Button size="xs" variant="subtle" color="gray" loading={leave.isPending} onClick={() => void exit()}>
          Salir de la lista
        </Button>
      </Group>
    </Alert>
  );
}

/** The student's waiting lists on the dashboard: an open offer to accept, or the position in line. */
export function ListaEsperaCards() {
  const list = useMyListaEspera();
  if (!list.data?.length) return null;
  return (
    <Stack gap="xs" aria-label={CUPO_MSG.listaEsperaTitle}>
      {list.data.map((e) =>
        e.ofertaVence ? <OfferCard key={e.materiaPeriodoId} e={e} /> : <WaitingCard key={e.materiaPeriodoId} e={e} />,
      )}
    </Stack>
  );
}
