-- The graded results of sealed exams, one row per graded exam enrolment: what enrolment ("already
-- passed"), 'Mi Malla' and the academic status read. Until the exam tables exist the view is empty; the
-- exams migration replaces it with the same columns (CREATE OR REPLACE VIEW keeps names and types).
CREATE VIEW "resultados_examen" AS
SELECT
  NULL::integer AS "perfil_alumno_id",
  NULL::integer AS "materia_malla_id",
  NULL::smallint AS "calificacion",
  NULL::timestamptz AS "fecha_examen",
  NULL::varchar(128) AS "nro_acta",
  NULL::integer AS "periodo_id",
  NULL::integer AS "examen_id"
WHERE false;
