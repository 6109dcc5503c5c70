/**
 * The 'Planeamiento' tab of the plan page (spec 03 section 2.8). The teaching page mounts it; the planning
 * work owns what it shows. `editable` is false once the subject is sealed or for a reader who may not edit.
 */
export interface PlanningTabProps {
  materiaPeriodoId: number;
  editable: boolean;
}

export function PlanningTab(_props: PlanningTabProps) {
  return null;
}
