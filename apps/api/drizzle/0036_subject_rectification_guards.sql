-- Rectifications of a sealed subject-period's record (issue 30): the rules the database keeps whoever writes,
-- the audit, and a view of the enrolments with the rectified figures that every reader of a result uses
-- (academic status, reports, exam eligibility). Plain SQL that runs on PostgreSQL 15 and on PGlite; the table
-- is the generated 0035. The enrolment row itself stays frozen by inscripciones_materia_guardar_publicada.

-- A rectification is written once, now, by a user allowed to rectify actas (an Admin, or a Funcionario the root
-- administrator granted it), for a student of a subject-period sealed at this moment (estado 2). The database
-- numbers it, stamps it and copies the figures it replaces (the student's last rectification, else the
-- enrolment's), so no caller can misstate what was corrected.
CREATE FUNCTION rectificaciones_materia_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_anterior record;
BEGIN
  IF NEW.usuario_id IS DISTINCT FROM nullif(current_setting('app.user_id', true), '')::int
     OR NOT EXISTS (SELECT 1 FROM usuarios u
                     WHERE u.id = NEW.usuario_id AND u.activo
                       AND (u.es_admin OR (u.es_funcionario AND u.puede_rectificar))) THEN
    RAISE EXCEPTION 'No tiene permiso para rectificar actas';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM materias_periodo mp WHERE mp.id = NEW.materia_periodo_id AND mp.estado = 2) THEN
    RAISE EXCEPTION 'Sólo se rectifica el registro de una materia sellada';
  END IF;
  SELECT r.porcentaje_asistencia, r.porcentaje_pp INTO v_anterior
    FROM rectificaciones_materia r
   WHERE r.inscripcion_materia_id = NEW.inscripcion_materia_id
   ORDER BY r.numero DESC LIMIT 1;
  IF NOT FOUND THEN
    SELECT i.porcentaje_asistencia, i.porcentaje_pp INTO v_anterior
      FROM inscripciones_materia i
     WHERE i.id = NEW.inscripcion_materia_id AND i.materia_periodo_id = NEW.materia_periodo_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'El alumno no está inscripto en la materia que se rectifica';
    END IF;
  END IF;
  NEW.numero := coalesce((SELECT max(r.numero) FROM rectificaciones_materia r
                           WHERE r.materia_periodo_id = NEW.materia_periodo_id), 0) + 1;
  NEW.nro_rectificacion := 'R-MP' || NEW.materia_periodo_id || '-' || NEW.numero;
  NEW.fecha := now();
  NEW.anterior_asistencia := v_anterior.porcentaje_asistencia;
  NEW.anterior_pp := v_anterior.porcentaje_pp;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER rectificaciones_materia_registrar BEFORE INSERT ON rectificaciones_materia
FOR EACH ROW EXECUTE FUNCTION rectificaciones_materia_registrar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_materia_solo_agregar BEFORE UPDATE OR DELETE ON rectificaciones_materia
FOR EACH ROW EXECUTE FUNCTION solo_agregar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_materia_sin_vaciar BEFORE TRUNCATE ON rectificaciones_materia
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER rectificaciones_materia_auditoria AFTER INSERT OR UPDATE OR DELETE ON rectificaciones_materia
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint

-- The enrolments as every reader of a result sees them: a student's % Asistencia and % PP are the last
-- rectification's, else the enrolment's own. Read-only: writes go to inscripciones_materia. The two last
-- columns let a reader mark a figure 'rectificada' and link to it.
CREATE VIEW "inscripciones_materia_vigentes" AS
SELECT
  i.id,
  i.perfil_alumno_id,
  i.materia_periodo_id,
  i.materia_malla_id,
  i.periodo_id,
  i.fecha_inscripcion,
  CASE WHEN r.id IS NULL THEN i.porcentaje_asistencia ELSE r.porcentaje_asistencia END AS porcentaje_asistencia,
  CASE WHEN r.id IS NULL THEN i.porcentaje_pp ELSE r.porcentaje_pp END AS porcentaje_pp,
  i.mostrar_en_tablero,
  r.id AS rectificacion_id,
  r.nro_rectificacion
FROM inscripciones_materia i
LEFT JOIN LATERAL (
  SELECT rm.id, rm.porcentaje_asistencia, rm.porcentaje_pp, rm.nro_rectificacion FROM rectificaciones_materia rm
   WHERE rm.inscripcion_materia_id = i.id
   ORDER BY rm.numero DESC LIMIT 1) r ON true;
