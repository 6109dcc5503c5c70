import {
  MSG_PLANNING as M,
  zPlanningSave,
  type Option,
  type PlanningPage,
  type PlanningPageNumber,
} from '@arandu/shared';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft } from './planning-draft';
import { IdentificacionStep } from './steps/identificacion-step';
import { valuesFromPage, type PageValues } from './steps/page-values';
import { RowsStep } from './steps/rows-step';
import { ROW_STEPS, TEXT_STEPS } from './steps/step-config';
import { TextStep } from './steps/text-step';

export interface PlanningStepProps {
  materiaPeriodoId: number;
  step: PlanningPageNumber;
  page: PlanningPage<PlanningPageNumber>;
  editable: boolean;
  profesores: Option[];
  duraciones: string[];
  /** What was typed here earlier in this visit and not saved yet (the wizard keeps it while other steps show). */
  unsaved: PageValues | undefined;
  /** The messages of the last 'Guardar' that could not save this step (the form's own checks or the server's). */
  errors: Record<string, string> | undefined;
  /** Told of every change: the values while they differ from the saved page, null once they do not. */
  onValues: (step: PlanningPageNumber, values: PageValues | null) => void;
}

/**
 * One step of the wizard: its form only. Moving to another step keeps what was typed (issue 34 item 21): the
 * wizard holds the values, and this browser too, from the first change until 'Guardar' saves them, so they
 * also survive an expired session or a closed tab (issue 14). Read-only: no drafts, no validation.
 */
export function PlanningStep({
  materiaPeriodoId,
  step,
  page,
  editable,
  profesores,
  duraciones,
  unsaved,
  errors,
  onValues,
}: PlanningStepProps) {
  const form = useForm<PageValues>({
    initialValues: valuesFromPage(step, page, materiaPeriodoId),
    validate: schemaResolver(zPlanningSave[step], { sync: true }),
  });
  // Read once: this visit's unsaved values, else a draft an earlier visit left (restored with a notice).
  const [draft] = useState(() => unsaved ?? (editable ? readDraft(materiaPeriodoId, step) : null));
  const [restored, setRestored] = useState(draft !== null && unsaved === undefined);

  const { setValues, setErrors } = form;
  useEffect(() => {
    if (draft) setValues(draft);
  }, [draft, setValues]);
  // Until the draft is in the form (it differs from the saved page, so the form turns dirty), the form still
  // shows the saved page: nothing to tell the wizard yet, or it would drop the step's values and messages.
  const draftPending = useRef(draft !== null);
  useEffect(() => {
    if (errors) setErrors(errors);
  }, [errors, setErrors]);

  const dirty = editable && form.isDirty();
  useEffect(() => {
    if (draftPending.current) {
      if (!dirty) return;
      draftPending.current = false;
    }
    if (dirty) writeDraft(materiaPeriodoId, step, form.values);
    if (editable) onValues(step, dirty ? form.values : null);
  }, [dirty, editable, form.values, materiaPeriodoId, onValues, step]);

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
    </Stack>
  );
}
