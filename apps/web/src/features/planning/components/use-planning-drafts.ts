import { MSG_PLANNING as M, PLANNING_STEPS, zPlanningSave, type PlanningPageNumber } from '@arandu/shared';
import { schemaResolver } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';
import { savePlanningPage } from '../api/save-planning';
import { clearDraft } from './planning-draft';
import type { PageValues } from './steps/page-values';

type Step = PlanningPageNumber;
export type StepErrors = Partial<Record<Step, Record<string, string>>>;

const stepName = (n: Step) => `el paso ${n} (${PLANNING_STEPS[n - 1]})`;
const sameValues = (a: PageValues | undefined, b: PageValues) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * The wizard's unsaved work (issue 34 item 21): the values of each changed step, kept while other steps show,
 * and 'Guardar', which checks every changed step with the form's own rules and saves those that pass. A step
 * that fails keeps its values and its messages; the answer is where the first one is.
 */
export function usePlanningDrafts(materiaPeriodoId: number) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Partial<Record<Step, PageValues>>>({});
  const [errors, setErrors] = useState<StepErrors>({});
  const [saving, setSaving] = useState(false);

  // Read by `onValues`, which the steps call from their effects (after this one has run for the same change).
  const draftsRef = useRef(drafts);
  useEffect(() => {
    draftsRef.current = drafts;
  }, [drafts]);

  const onValues = useCallback((step: Step, values: PageValues | null) => {
    // A change after a refused 'Guardar' makes that step's messages stale: they are not shown again on return.
    if (values === null || !sameValues(draftsRef.current[step], values)) {
      setErrors((e) => {
        if (!(step in e)) return e;
        const { [step]: _stale, ...rest } = e;
        return rest;
      });
    }
    setDrafts((d) => {
      if (values === null) {
        if (!(step in d)) return d;
        const { [step]: _dropped, ...rest } = d;
        return rest;
      }
      return sameValues(d[step], values) ? d : { ...d, [step]: values };
    });
  }, []);

  const changedSteps = (Object.keys(drafts).map(Number) as Step[]).sort((a, b) => a - b);

  /** Saves every changed step that passes its checks; the first step that could not be saved, or null. */
  const saveAll = async (): Promise<Step | null> => {
    setSaving(true);
    const failed: StepErrors = {};
    const reasons: string[] = [];
    const saved: Step[] = [];
    try {
      for (const n of changedSteps) {
        const values = drafts[n]!;
        const check = schemaResolver(zPlanningSave[n], { sync: true })(values) as Record<string, string>;
        if (Object.keys(check).length > 0) {
          failed[n] = check;
          reasons.push(Object.values(check)[0]!);
          continue;
        }
        try {
          await savePlanningPage({ page: n, body: values as never });
          clearDraft(materiaPeriodoId, n);
          saved.push(n);
        } catch (error) {
          failed[n] = fieldErrorsOf(error);
          reasons.push(failureMessage(error, M.saveFailed));
        }
      }
    } finally {
      setSaving(false);
    }
    // Drop the saved values before the pages reload, so a step shown again starts from what the server has.
    setDrafts((d) => {
      const rest = { ...d };
      for (const n of saved) delete rest[n];
      return rest;
    });
    setErrors(failed);
    if (saved.length > 0)
      await queryClient.invalidateQueries({ queryKey: queryKeys.planning.materiaPeriodo(materiaPeriodoId) });
    const failedSteps = (Object.keys(failed).map(Number) as Step[]).sort((a, b) => a - b);
    if (failedSteps.length === 0) {
      toast.success(M.saved);
      return null;
    }
    toast.warning(
      M.stepsNotSaved(
        failedSteps.map(stepName).join(', '),
        reasons[0] ?? M.saveFailed,
        saved.map((n) => `el paso ${n}`).join(', '),
      ),
    );
    return failedSteps[0]!;
  };

  /** 'No, continuar' when leaving the wizard: the changes go, from this browser too. */
  const discardAll = () => {
    for (const n of changedSteps) clearDraft(materiaPeriodoId, n);
    setDrafts({});
    setErrors({});
  };

  return { drafts, errors, changedSteps, onValues, saveAll, discardAll, saving };
}
