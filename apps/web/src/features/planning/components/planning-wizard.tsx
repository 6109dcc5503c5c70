import {
  MSG_PLANNING as M,
  PLANNING_PAGES,
  PLANNING_STEPS,
  type PlanningPage,
  type PlanningPageNumber,
} from '@arandu/shared';
import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { isNotFound } from '../../../lib/api-errors';
import { usePlanningFormData, usePlanningPage } from '../api/get-planning';
import { PlanningStep } from './planning-step';
import { PlanningStepper } from './planning-stepper';
import { useLeaveGuard } from './use-leave-guard';
import { usePlanningDrafts } from './use-planning-drafts';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const wrapNext = (n: number) => ((n % PLANNING_PAGES) + 1) as PlanningPageNumber;
const wrapPrevious = (n: number) => (n === 1 ? PLANNING_PAGES : n - 1) as PlanningPageNumber;

/**
 * 'Datos del planeamiento': the nine steps of an existing planning (spec 03 section 2.4). The steps are named
 * and open in any order; Anterior / Siguiente (wrapping 9 -> 1, 1 -> 9) and the step list only move, keeping
 * what was typed; 'Guardar' saves every changed step (issue 34 item 21). Leaving the wizard with unsaved
 * changes still asks. Read-only: moving only.
 */
export function PlanningWizard({ materiaPeriodoId, editable }: { materiaPeriodoId: number; editable: boolean }) {
  const [step, setStep] = useState<PlanningPageNumber>(1);
  const page = usePlanningPage(materiaPeriodoId, step);
  const formData = usePlanningFormData();
  const work = usePlanningDrafts(materiaPeriodoId);

  useLoadErrorToast(page.error, isNotFound(page.error) ? M.notFound : M.loadFailed);

  const save = async (): Promise<boolean> => {
    const firstFailed = await work.saveAll();
    if (firstFailed !== null) setStep(firstFailed);
    return firstFailed === null;
  };
  useLeaveGuard(editable && work.changedSteps.length > 0, save, work.discardAll);

  const data = page.data as PlanningPage<PlanningPageNumber> | undefined;
  const ready = data && 'id' in data && !page.isFetching;
  const changed = work.changedSteps;
  return (
    <Stack gap="md">
      <PlanningStepper
        step={step}
        onSelect={setStep}
        unsaved={new Set(changed)}
        invalid={new Set(Object.keys(work.errors).map(Number))}
      />
      <div>
        <Text size="xs" c="dimmed">
          Paso {step} de {PLANNING_STEPS.length}
        </Text>
        <Title order={4}>{PLANNING_STEPS[step - 1]}</Title>
      </div>
      {ready ? (
        <PlanningStep
          key={step}
          materiaPeriodoId={materiaPeriodoId}
          step={step}
          page={data}
          editable={editable}
          profesores={data.profesores}
          duraciones={(formData.data?.DuracionActividad ?? []).map((o) => o.label)}
          unsaved={work.drafts[step]}
          errors={work.errors[step]}
          onValues={work.onValues}
        />
      ) : (
        <Center py="xl">{page.isError ? <Text c="dimmed">{M.loadFailed}</Text> : <Loader />}</Center>
      )}
      {editable && changed.length > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {M.unsavedSteps(changed.map((n) => `paso ${n}`).join(', '))}
        </Text>
      )}
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => setStep(wrapPrevious(step))}
          disabled={work.saving}
        >
          {M.previous}
        </Button>
        <Group gap="sm">
          {editable && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => void save()}
              loading={work.saving}
              disabled={changed.length === 0}
            >
              {M.save}
            </Button>
          )}
          <Button
            variant={editable ? 'light' : 'filled'}
            rightSection={<IconArrowRight size={16} />}
            onClick={() => setStep(wrapNext(step))}
            disabled={work.saving}
          >
            {M.next}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
