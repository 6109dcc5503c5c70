import { AlumnoSelect, useAlumnoSearchText } from '../../../components/student-select';
import { useAlumnoSearch } from '../api/inscription-form';

export interface AlumnoPickerProps {
  value: number | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  /** The chosen student's label, kept as an option while other texts are searched. */
  selectedLabel?: string | null;
  error?: string | undefined;
  disabled?: boolean;
}

/** The student selector of the staff views: records found by legajo, document or name (debounced 500 ms). */
export function AlumnoPicker(props: AlumnoPickerProps) {
  const text = useAlumnoSearchText(props.selectedLabel);
  const alumnos = useAlumnoSearch(text.query);
  return (
    <AlumnoSelect {...props} text={text} students={alumnos} nothingFoundMessage="No se encontraron alumnos" maw={520} />
  );
}
