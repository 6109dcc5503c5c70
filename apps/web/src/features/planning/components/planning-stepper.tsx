import { MSG_PLANNING as M, PLANNING_STEPS, type PlanningPageNumber } from '@arandu/shared';
import { Box, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import classes from './planning-stepper.module.css';

export interface PlanningStepperProps {
  step: PlanningPageNumber;
  onSelect: (step: PlanningPageNumber) => void;
  /** Steps changed and not saved yet. */
  unsaved: ReadonlySet<number>;
  /** Steps the last 'Guardar' could not save. */
  invalid: ReadonlySet<number>;
}

/**
 * The nine steps by number and name (issue 34 item 21), wrapping onto more lines on a phone. Any step may be
 * opened at any time: moving keeps what was typed, and marks the step as unsaved until 'Guardar'.
 */
export function PlanningStepper({ step, onSelect, unsaved, invalid }: PlanningStepperProps) {
  return (
    <Box component="nav" aria-label={M.stepsNav}>
      <ol className={classes.list}>
        {PLANNING_STEPS.map((title, i) => {
          const n = (i + 1) as PlanningPageNumber;
          const state = invalid.has(n) ? 'invalid' : unsaved.has(n) ? 'unsaved' : undefined;
          return (
            <li key={title}>
              <UnstyledButton
                className={classes.step}
                data-active={n === step || undefined}
                data-state={state}
                aria-current={n === step ? 'step' : undefined}
                aria-label={`Paso ${n}: ${title}`}
                aria-describedby={state ? `planning-step-state-${n}` : undefined}
                onClick={() => onSelect(n)}
              >
                <span className={classes.number} aria-hidden>
                  {n}
                </span>
                {/* The space keeps the visible text '1 Datos…' inside the name 'Paso 1: Datos…' (WCAG 2.5.3; axe
                    read '1Datos…' and called the label a mismatch). */}{' '}
                <span className={classes.title}>{title}</span>
                {state === 'invalid' && <IconAlertTriangle size={16} className={classes.mark} aria-hidden />}
                {state === 'unsaved' && <IconPencil size={16} className={classes.mark} aria-hidden />}
              </UnstyledButton>
              {state && (
                <VisuallyHidden id={`planning-step-state-${n}`}>
                  {state === 'invalid' ? M.stepInvalid : M.stepUnsaved}
                </VisuallyHidden>
              )}
            </li>
          );
        })}
      </ol>
    </Box>
  );
}
