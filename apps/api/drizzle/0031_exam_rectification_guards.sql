-- Actas rectificativas (issue 30): the rules the database keeps whoever writes, the audit, and the exam results
-- every reader uses (academic status, reports, eligibility) now taking the latest rectification's grade.
-- Plain SQL that runs on PostgreSQL 15 and on PGlite; the table and columns are the generated 0024.

-- A rectification is written once, now, by a user allowed to (an Admin, or a Funcionario the root administrator
-- granted it), for a student of an exam sealed at this moment. The database numbers it, stamps it and copies
-- the figures it replaces (the last rectification of the same student on this sealed version, else the acta's
-- row), so no caller can misstate what was corrected.
CREATE FUNCTION rectificaciones_examen_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_examen record;
  v_anterior record;
BEGIN
  IF NEW.usuario_id IS DISTINCT FROM nullif(current_setting('app.user_id', true), '')::int
     OR NOT EXISTS (SELECT 1 FROM usuarios u
                     WHERE u.id = NEW.usuario_id AND u.activo
                       AND (u.es_admin OR (u.es_funcionario AND u.puede_rectificar))) THEN
    RAISE EXCEPTION 'No tiene permiso para rectificar actas';
  END IF;
  SELECT e.nro_acta, e.codigo_verificacion INTO v_examen
    FROM examenes e WHERE e.id = NEW.examen_id AND e.estado = 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Sólo se rectifica un acta sellada';
  END IF;
  SELECT r.porcentaje_asistencia, r.porcentaje_pp, r.porcentaje_pf, r.porcentaje_pc, r.calificacion
    INTO v_anterior
    FROM rectificaciones_examen r
   WHERE r.inscripcion_examen_id = NEW.inscripcion_examen_id AND r.codigo_acta = v_examen.codigo_verificacion
   ORDER BY r.numero DESC LIMIT 1;
  IF NOT FOUND THEN
    SELECT ie.porcentaje_asistencia, ie.porcentaje_pp, ie.porcentaje_pf, ie.porcentaje_pc, ie.calificacion
      INTO v_anterior
      FROM inscripciones_examen ie WHERE ie.id = NEW.inscripcion_examen_id AND ie.examen_id = NEW.examen_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'El alumno no está en el acta que se rectifica';
    END IF;
  END IF;
  NEW.codigo_acta := v_examen.codigo_verificacion;
  NEW.numero := coalesce((SELECT max(r.numero) FROM rectificaciones_examen r WHERE r.examen_id = NEW.examen_id), 0) + 1;
  NEW.nro_rectificacion := 'R-' || v_examen.nro_acta || '-' || NEW.numero;
  NEW.fecha := now();
  NEW.anterior_asistencia := v_anterior.porcentaje_asistencia;
  NEW.anterior_pp := v_anterior.porcentaje_pp;
  NEW.anterior_pf := v_anterior.porcentaje_pf;
  NEW.anterior_pc := v_anterior.porcentaje_pc;
  NEW.anterior_calificacion := v_anterior.calificacion;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rectificaciones_examen_registrar BEFORE INSERT ON rectificaciones_examen
FOR EACH ROW EXECUTE FUNCTION rectificaciones_examen_registrar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_examen_solo_agregar BEFORE UPDATE OR DELETE ON rectificaciones_examen
FOR EACH ROW EXECUTE FUNCTION solo_agregar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_examen_sin_vaciar BEFORE TRUNCATE ON rectificaciones_examen
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_examen_auditoria AFTER INSERT OR UPDATE OR DELETE ON rectificaciones_examen
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint

-- The contract of migrations 0005/0009 with the rectified grade: a student's result on a sealed exam is the
-- last rectification of the version it is sealed with, else the acta's row. Two columns are appended (CREATE
-- OR REPLACE keeps the others as they were) so readers can mark a result 'rectificada' and link to it.
CREATE OR REPLACE VIEW "resultados_examen" AS
SELECT
  ie.perfil_alumno_id::integer AS "perfil_alumno_id",
  mp.materia_malla_id::integer AS "materia_malla_id",
  coalesce(r.calificacion, ie.calificacion)::smallint AS "calificacion",
  e.fecha::timestamptz AS "fecha_examen",
  e.nro_acta::varchar(128) AS "nro_acta",
  mp.periodo_id::integer AS "periodo_id",
  e.id::integer AS "examen_id",
  r.id::integer AS "rectificacion_id",
  r.nro_rectificacion::varchar(160) AS "nro_rectificacion"
FROM inscripciones_examen ie
JOIN examenes e ON e.id = ie.examen_id
JOIN materias_periodo mp ON mp.id = e.materia_periodo_id
LEFT JOIN LATERAL (
  SELECT rx.id, rx.calificacion, rx.nro_rectificacion FROM rectificaciones_examen rx
   WHERE rx.inscripcion_examen_id = ie.id AND rx.codigo_acta = e.codigo_verificacion
   ORDER BY rx.numero DESC LIMIT 1) r ON true
WHERE e.estado = 1 AND coalesce(r.calificacion, ie.calificacion) > 0;
