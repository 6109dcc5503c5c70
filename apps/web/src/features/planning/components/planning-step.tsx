import {
  MSG_PLANNING as M,
  PLANNING_PAGES,
  zPlanningSave,
  type Option,
  type PlanningPage,
  type PlanningPageNumber,
} from '@arandu/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconHistory } from '@tabler/icons-react';
import { useEffect, useState, type RefObject } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { useSavePlanningPage } from '../api/save-planning';
import { clearDraft, readDraft, writeDraft } from './planning-draft';
import { IdentificacionStep } from './steps/identificacion-step';
import { valuesFromPage, type PageValues } from './steps/page-values';
import { RowsStep } from './steps/rows-step';
import { ROW_STEPS, TEXT_STEPS } from './steps/step-config';
import { TextStep } from './steps/text-step';
import { askUnsavedChanges } from './unsaved-changes-prompt';

export interface PlanningStepProps {
  materiaPeriodoId: number;
  step: PlanningPageNumber;
  page: PlanningPage<PlanningPageNumber>;
  editable: boolean;
  profesores: Option[];
  duraciones: string[];
  onMove: (target: PlanningPageNumber) => void;
  /** Filled with this step's way of leaving, so the step list above leaves through it too. */
  leaveRef: RefObject<((target: PlanningPageNumber) => void) | null>;
}

const wrapNext = (n: number) => ((n % PLANNING_PAGES) + 1) as PlanningPageNumber;
const wrapPrevious = (n: number) => (n === 1 ? PLANNING_PAGES : n - 1) as PlanningPageNumber;

/**
 * One step of the wizard: its form, and Anterior / Siguiente that wrap (9 -> 1, 1 -> 9). Siguiente saves
 * and moves on when the save succeeds; leaving another way with changes asks first. Only while editable:
 * a read-only planning has no validation and no prompt (spec 03 sections 2.4 and 5).
 */
export function PlanningStep({
  materiaPeriodoId,
  step,
  page,
  editable,
  profesores,
  duraciones,
  onMove,
  leaveRef,
}: PlanningStepProps) {
  const save = useSavePlanningPage(materiaPeriodoId);
  const form = useForm<PageValues>({
    initialValues: valuesFromPage(step, page, materiaPeriodoId),
    validate: schemaResolver(zPlanningSave[step], { sync: true }),
  });
  // Read once: a draft left by an earlier visit (an expired session, a closed tab) is restored with a notice.
  const [draft] = useState(() => (editable ? readDraft(materiaPeriodoId, step) : null));
  const [restored, setRestored] = useState(draft !== null);

  const { setValues } = form;
  useEffect(() => {
    if (draft) setValues(draft);
  }, [draft, setValues]);

  const dirty = editable && form.isDirty();
  useEffect(() => {
    if (dirty) writeDraft(materiaPeriodoId, step, form.values);
  }, [dirty, form.values, materiaPeriodoId, step]);

  const submit = async (): Promise<boolean> => {
    const check = form.validate();
    if (check.hasErrors) {
      toast.warning(Object.values(check.errors)[0] as string);
      return false;
    }
    try {
      await save.mutateAsync({ page: step, body: form.values as never });
      clearDraft(materiaPeriodoId, step);
      form.resetDirty();
      setRestored(false);
      toast.success(M.saved);
      return true;
    } catch (error) {
      form.setErrors(fieldErrorsOf(error));
      toast.warning(failureMessage(error, M.saveFailed));
      return false;
    }
  };

  const leave = async (target: PlanningPageNumber) => {
    if (target === step) return;
    if (!dirty) return onMove(target);
    const answer = await askUnsavedChanges();
    if (answer === 'save' && (await submit())) onMove(target);
    if (answer === 'discard') {
      clearDraft(materiaPeriodoId, step);
      onMove(target);
    }
  };
  useEffect(() => {
    leaveRef.current = (target) => void leave(target);
  });

  const next = async () => {
    if (!editable || (await submit())) onMove(wrapNext(step));
  };

  const discardDraft = () => {
    clearDraft(materiaPeriodoId, step);
    form.reset();
    setRestored(false);
  };

  const readOnly = !editable;
  const texts = TEXT_STEPS[step];
  const rows = ROW_STEPS[step];
  return (
    <Stack gap="md">
      {restored && (
        <Alert color="yellow" icon={<IconHistory size={18} />} py="xs">
          <Group justify="space-between" gap="xs">
            <span>{M.draftRestored}</span>
            <Button size="compact-sm" variant="subtle" color="yellow" onClick={discardDraft}>
              {M.draftDiscard}
            </Button>
          </Group>
        </Alert>
      )}
      {step === 1 && <IdentificacionStep form={form} page={page as PlanningPage<1>} readOnly={readOnly} />}
      {texts && <TextStep form={form} fields={texts} readOnly={readOnly} />}
      {rows && (
        <RowsStep form={form} config={rows} profesores={profesores} duraciones={duraciones} readOnly={readOnly} />
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => void leave(wrapPrevious(step))}
          disabled={save.isPending}
        >
          {M.previous}
        </Button>
        <Button
          rightSection={editable ? <IconDeviceFloppy size={16} /> : <IconArrowRight size={16} />}
          onClick={() => void next()}
          loading={save.isPending}
        >
          {M.next}
        </Button>
      </Group>
    </Stack>
  );
}
