-- Issue 33 part 4 (decision 025): every refusal a trigger raises carries its own SQLSTATE of class 'AR' (Arandu's
-- own; PostgreSQL uses none starting with a letter past P), so the API tells them apart by code, never by message
-- text (the list and what the API answers for each: apps/api/src/lib/errors.ts, REFUSAL). The functions are the
-- same as before, only their RAISE gains USING ERRCODE; the Spanish messages stay for psql users and the tests.

-- AR001: an append-only record (the audit log).
CREATE OR REPLACE FUNCTION auditoria_solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría no puede modificarse' USING ERRCODE = 'AR001';
END;
$$;
--> statement-breakpoint

-- AR003: a subject-period's state goes back; AR004: its way of grading changes once published.
CREATE OR REPLACE FUNCTION materias_periodo_guardar_estado() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.estado < OLD.estado THEN
    RAISE EXCEPTION 'Una materia publicada o sellada no puede volver a un estado anterior' USING ERRCODE = 'AR003';
  END IF;
  IF OLD.estado > 0 AND (NEW.editar_asistencias, NEW.utiliza_porcentaje_peso_materia)
     IS DISTINCT FROM (OLD.editar_asistencias, OLD.utiliza_porcentaje_peso_materia) THEN
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: su forma de calificar no puede modificarse'
      USING ERRCODE = 'AR004';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- AR005: the enrolments and hand-entered figures of a published subject-period.
CREATE OR REPLACE FUNCTION inscripciones_materia_guardar_publicada() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (to_jsonb(NEW) - 'mostrar_en_tablero') = (to_jsonb(OLD) - 'mostrar_en_tablero') THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM materias_periodo mp
              WHERE mp.estado > 0
                AND mp.id IN (CASE WHEN TG_OP <> 'DELETE' THEN NEW.materia_periodo_id END,
                              CASE WHEN TG_OP <> 'INSERT' THEN OLD.materia_periodo_id END)) THEN
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: sus inscripciones y porcentajes no pueden modificarse'
      USING ERRCODE = 'AR005';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint

-- AR006: the homework, marks and attendance of a published subject-period.
CREATE OR REPLACE FUNCTION ensenanza_guardar_publicada() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  congelada boolean := false;
BEGIN
  IF TG_TABLE_NAME IN ('tareas_materia', 'asistencias') THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT EXISTS (SELECT 1 FROM nuevas f JOIN materias_periodo mp ON mp.id = f.materia_periodo_id
                      WHERE mp.estado > 0) INTO congelada;
    END IF;
    IF NOT congelada AND TG_OP <> 'INSERT' THEN
      SELECT EXISTS (SELECT 1 FROM anteriores f JOIN materias_periodo mp ON mp.id = f.materia_periodo_id
                      WHERE mp.estado > 0) INTO congelada;
    END IF;
  ELSIF TG_TABLE_NAME = 'tareas_materia_alumnos' THEN
    IF TG_OP <> 'DELETE' THEN
      SELECT EXISTS (SELECT 1 FROM nuevas f JOIN tareas_materia t ON t.id = f.tarea_materia_id
                       JOIN materias_periodo mp ON mp.id = t.materia_periodo_id WHERE mp.estado > 0) INTO congelada;
    END IF;
    IF NOT congelada AND TG_OP <> 'INSERT' THEN
      SELECT EXISTS (SELECT 1 FROM anteriores f JOIN tareas_materia t ON t.id = f.tarea_materia_id
                       JOIN materias_periodo mp ON mp.id = t.materia_periodo_id WHERE mp.estado > 0) INTO congelada;
    END IF;
  ELSE
    IF TG_OP <> 'DELETE' THEN
      SELECT EXISTS (SELECT 1 FROM nuevas f JOIN asistencias a ON a.id = f.asistencia_id
                       JOIN materias_periodo mp ON mp.id = a.materia_periodo_id WHERE mp.estado > 0) INTO congelada;
    END IF;
    IF NOT congelada AND TG_OP <> 'INSERT' THEN
      SELECT EXISTS (SELECT 1 FROM anteriores f JOIN asistencias a ON a.id = f.asistencia_id
                       JOIN materias_periodo mp ON mp.id = a.materia_periodo_id WHERE mp.estado > 0) INTO congelada;
    END IF;
  END IF;
  IF congelada THEN
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: sus tareas, notas y asistencias no pueden modificarse'
      USING ERRCODE = 'AR006';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- AR007: the scores of a sealed exam.
CREATE OR REPLACE FUNCTION inscripciones_examen_guardar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_examen integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.examen_id ELSE NEW.examen_id END;
  v_materia record;
BEGIN
  IF EXISTS (SELECT 1 FROM examenes e WHERE e.estado = 1
              AND e.id IN (v_examen, CASE WHEN TG_OP = 'UPDATE' THEN OLD.examen_id END)) THEN
    RAISE EXCEPTION 'El examen está sellado: sus notas no pueden modificarse' USING ERRCODE = 'AR007';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  SELECT im.porcentaje_asistencia, im.porcentaje_pp INTO v_materia
    FROM inscripciones_materia im WHERE im.id = NEW.inscripcion_materia_id;
  NEW.es_inconsistente := (round(NEW.porcentaje_asistencia), round(NEW.porcentaje_pp))
                          IS DISTINCT FROM (round(v_materia.porcentaje_asistencia), round(v_materia.porcentaje_pp));
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- AR013: an acta version whose exam is not sealed with its code.
CREATE OR REPLACE FUNCTION actas_selladas_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_examen record;
  v_resumen record;
BEGIN
  SELECT e.nro_acta, e.fecha_sellado INTO v_examen
    FROM examenes e WHERE e.id = NEW.examen_id AND e.estado = 1 AND e.codigo_verificacion = NEW.codigo;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Sólo un examen sellado con ese código puede registrar su acta' USING ERRCODE = 'AR013';
  END IF;
  SELECT * INTO v_resumen FROM acta_resumen(NEW.examen_id);
  NEW.nro_acta := v_examen.nro_acta;
  NEW.fecha_sellado := v_examen.fecha_sellado;
  NEW.cantidad_alumnos := v_resumen.cantidad;
  NEW.distribucion := v_resumen.distribucion;
  NEW.digesto := v_resumen.digesto;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- AR001: an append-only record (sealed actas, reopenings, rectifications).
CREATE OR REPLACE FUNCTION solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Los registros de % no pueden modificarse ni borrarse', TG_TABLE_NAME USING ERRCODE = 'AR001';
END;
$$;
--> statement-breakpoint

-- AR014: a reopening by anyone but the root administrator; AR015: of an exam not sealed with that acta.
CREATE OR REPLACE FUNCTION reaperturas_examen_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.usuario_id IS DISTINCT FROM nullif(current_setting('app.user_id', true), '')::int
     OR NOT EXISTS (SELECT 1 FROM usuarios u WHERE u.id = NEW.usuario_id AND u.es_admin_root) THEN
    RAISE EXCEPTION 'Sólo el administrador raíz puede abrir un examen sellado' USING ERRCODE = 'AR014';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM examenes e
                  WHERE e.id = NEW.examen_id AND e.estado = 1 AND e.codigo_verificacion = NEW.codigo_reemplazado) THEN
    RAISE EXCEPTION 'El examen no está sellado con esa acta' USING ERRCODE = 'AR015';
  END IF;
  NEW.fecha := now();
  NEW.transaccion := txid_current();
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- AR008: a sealed exam deleted; AR009: changed; AR010: unsealed without the root's reopening; AR011: sealed with
-- a code another acta used.
CREATE OR REPLACE FUNCTION examenes_guardar_sellado() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado = 1 THEN
      RAISE EXCEPTION 'El examen está sellado: no puede borrarse' USING ERRCODE = 'AR008';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.estado = 1 AND NEW.estado = 1 THEN
    RAISE EXCEPTION 'El examen está sellado: no puede modificarse' USING ERRCODE = 'AR009';
  END IF;
  IF OLD.estado = 1 THEN
    IF NOT EXISTS (SELECT 1 FROM reaperturas_examen r
                    WHERE r.examen_id = OLD.id AND r.codigo_reemplazado = OLD.codigo_verificacion
                      AND r.transaccion = txid_current()) THEN
      RAISE EXCEPTION 'Un examen sellado sólo se abre con la reapertura del administrador raíz'
        USING ERRCODE = 'AR010';
    END IF;
    NEW.codigo_verificacion := NULL;
    NEW.fecha_sellado := NULL;
  ELSIF NEW.estado = 1 AND EXISTS (SELECT 1 FROM actas_selladas a WHERE a.codigo = NEW.codigo_verificacion) THEN
    RAISE EXCEPTION 'El código de verificación ya fue usado por otra acta' USING ERRCODE = 'AR011';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- AR012: a sealing whose transaction ends without its acta version.
CREATE OR REPLACE FUNCTION examenes_sellado_con_acta() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.estado = 1 AND NOT EXISTS (SELECT 1 FROM actas_selladas a
                                     WHERE a.codigo = NEW.codigo_verificacion AND a.examen_id = NEW.id) THEN
    RAISE EXCEPTION 'Un examen sellado debe registrar su acta' USING ERRCODE = 'AR012';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- AR002: TRUNCATE of a table that holds grades, attendance, sealed actas or the audit log.
CREATE OR REPLACE FUNCTION sin_vaciar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'La tabla % no puede vaciarse', TG_TABLE_NAME USING ERRCODE = 'AR002';
END;
$$;
--> statement-breakpoint

-- AR016: a rectification by a user not allowed to rectify; AR017: of an exam not sealed; AR018: of a student
-- not on the acta.
CREATE OR REPLACE FUNCTION rectificaciones_examen_registrar() RETURNS trigger
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
    RAISE EXCEPTION 'No tiene permiso para rectificar actas' USING ERRCODE = 'AR016';
  END IF;
  SELECT e.nro_acta, e.codigo_verificacion INTO v_examen
    FROM examenes e WHERE e.id = NEW.examen_id AND e.estado = 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Sólo se rectifica un acta sellada' USING ERRCODE = 'AR017';
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
      RAISE EXCEPTION 'El alumno no está en el acta que se rectifica' USING ERRCODE = 'AR018';
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

-- AR001: an issued certificate.
CREATE OR REPLACE FUNCTION certificados_solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Un certificado emitido no puede modificarse ni borrarse' USING ERRCODE = 'AR001';
END;
$$;
--> statement-breakpoint

-- AR016: a rectification by a user not allowed to rectify; AR019: of a subject-period not sealed; AR020: of a
-- student not enrolled in it.
CREATE OR REPLACE FUNCTION rectificaciones_materia_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_anterior record;
BEGIN
  IF NEW.usuario_id IS DISTINCT FROM nullif(current_setting('app.user_id', true), '')::int
     OR NOT EXISTS (SELECT 1 FROM usuarios u
                     WHERE u.id = NEW.usuario_id AND u.activo
                       AND (u.es_admin OR (u.es_funcionario AND u.puede_rectificar))) THEN
    RAISE EXCEPTION 'No tiene permiso para rectificar actas' USING ERRCODE = 'AR016';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM materias_periodo mp WHERE mp.id = NEW.materia_periodo_id AND mp.estado = 2) THEN
    RAISE EXCEPTION 'Sólo se rectifica el registro de una materia sellada' USING ERRCODE = 'AR019';
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
      RAISE EXCEPTION 'El alumno no está inscripto en la materia que se rectifica' USING ERRCODE = 'AR020';
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
