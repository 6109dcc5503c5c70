import { MSG_PLANNING as M, PLANNING_STEPS, type PlanningPage, type PlanningPageNumber } from '@arandu/shared';
import { Center, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { isNotFound } from '../../../lib/api-errors';
import { usePlanningFormData, usePlanningPage } from '../api/get-planning';
import { PlanningStep } from './planning-step';

/** 'Datos del planeamiento': the nine steps of an existing planning (spec 03 section 2.4). */
export function PlanningWizard({ materiaPeriodoId, editable }: { materiaPeriodoId: number; editable: boolean }) {
  const [step, setStep] = useState<PlanningPageNumber>(1);
  const page = usePlanningPage(materiaPeriodoId, step);
  const formData = usePlanningFormData();
  const leaveRef = useRef<((target: PlanningPageNumber) => void) | null>(null);

  useEffect(() => {
    if (page.error) toast.error(isNotFound(page.error) ? M.notFound : M.loadFailed);
  }, [page.error]);

  const go = (target: PlanningPageNumber) => (leaveRef.current ? leaveRef.current(target) : setStep(target));
  const data = page.data as PlanningPage<PlanningPageNumber> | undefined;
  const ready = data && 'id' in data && !page.isFetching;
  return (
    <Stack gap="md">
      <Stepper
        active={step - 1}
        onStepClick={(i) => go((i + 1) as PlanningPageNumber)}
        size="xs"
        iconSize={28}
        wrap={false}
        styles={{ separator: { marginInline: 2, minWidth: 4 }, steps: { overflowX: 'auto', paddingBottom: 4 } }}
      >
        {PLANNING_STEPS.map((title, i) => (
          <Stepper.Step key={title} aria-label={`Paso ${i + 1}: ${title}`} />
        ))}
      </Stepper>
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
          onMove={(target) => {
            leaveRef.current = null;
            setStep(target);
          }}
          leaveRef={leaveRef}
        />
      ) : (
        <Center py="xl">{page.isError ? <Text c="dimmed">{M.loadFailed}</Text> : <Loader />}</Center>
      )}
    </Stack>
  );
}
