import { StudentSelect, useStudentSearchText } from '../../../components/student-select';
import { useStudentSearch } from '../api/inscription-form';

export interface StudentPickerProps {
  value: number | null;
  onChange: (perfilAlumnoId: number | null, label: string | null) => void;
  /** The chosen student's label, kept as an option while other texts are searched. */
  selectedLabel?: string | null;
  error?: string | undefined;
  disabled?: boolean;
}

/** The student selector of the staff views: records found by legajo, document or name (debounced 500 ms). */
export function StudentPicker(props: StudentPickerProps) {
  const text = useStudentSearchText(props.selectedLabel);
  const students = useStudentSearch(text.query);
  return (
    <StudentSelect
      {...props}
      text={text}
      students={students}
      nothingFoundMessage="No se encontraron alumnos"
      maw={520}
    />
  );
}
