/**
 * Texts the spec quotes with their misspellings (the project guide: spec texts are quoted exactly, typos
 * included), each with the spec file and line that quotes it. The spelling check skips exactly these texts;
 * spelling.test.ts checks that the spec still quotes each one there, so a text fixed in the spec leaves the list.
 */
export const SPEC_QUOTES: readonly { text: string; spec: string }[] = [
  { text: 'Inscripcion', spec: '01-shell-login-users.md:59' },
  { text: 'Examenes', spec: '01-shell-login-users.md:59' },
  { text: 'El correo electronico no es valido.', spec: '01-shell-login-users.md:145' },
  { text: 'Foto guardado exitosamente', spec: '01-shell-login-users.md:238' },
  { text: 'Debe seleccioanr el alumno', spec: '02-enrolment-exams.md:104' },
  { text: 'Debe seleccioanr la malla', spec: '02-enrolment-exams.md:105' },
  { text: 'Ocurió un error al intentar guardar el alumno', spec: '02-enrolment-exams.md:189' },
  { text: 'Ocurió un error al intentar guardar la inscripción', spec: '02-enrolment-exams.md:190' },
  { text: 'Ocurió un error al intentar guardar la inscripción examen', spec: '02-enrolment-exams.md:205' },
  { text: 'Asistencias Editable?', spec: '03-periods-teaching-reports.md:44' },
  { text: 'Debe ingresar el tipo de actividad academica', spec: '03-periods-teaching-reports.md:195' },
  { text: 'Debe seleccionar el profesor encaregado o auxiliar', spec: '03-periods-teaching-reports.md:195' },
  { text: 'Debe seleccionar un dia', spec: '03-periods-teaching-reports.md:195' },
  { text: 'Debe ingresar la descripcion', spec: '03-periods-teaching-reports.md:201' },
  { text: 'Debe seleccionar una duracion', spec: '03-periods-teaching-reports.md:201' },
  { text: 'La matria para este periodo no existe', spec: '03-periods-teaching-reports.md:313' },
  { text: 'Ocurió un error al intentar guardar el planeamiento', spec: '03-periods-teaching-reports.md:314' },
  { text: 'Asistencia guardado exitosamente', spec: '03-periods-teaching-reports.md:333' },
  { text: 'Asistencia tomada éxitosamente', spec: '03-periods-teaching-reports.md:333' },
  { text: 'Reporte Estado Academico.xlsx', spec: '03-periods-teaching-reports.md:359' },
  // The spec's confirmation buttons keep its 'Si' without the accent; the app's own say 'Sí, ...'.
  { text: 'Si, Borrar malla', spec: '03-periods-teaching-reports.md:116' },
  { text: 'Si, Borrar', spec: '03-periods-teaching-reports.md:40' },
  { text: 'Si, Crear', spec: '03-periods-teaching-reports.md:66' },
  { text: 'Si, Copiar', spec: '03-periods-teaching-reports.md:66' },
  { text: 'Si, guardar', spec: '03-periods-teaching-reports.md:66' },
  { text: 'Si, mover alumnos', spec: '03-periods-teaching-reports.md:112' },
];
