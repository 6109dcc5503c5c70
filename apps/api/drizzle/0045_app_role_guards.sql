-- Issue 40 item 4 (decision 017): guards that hold against the app's own role, not only against the API.

-- AR021: what publishing fixed. A published or sealed subject-period stays the subject and period it was
-- published in, with the dates publishing stamped (fecha_publicado, and fecha_expiracion: until when its grades
-- give the right to sit the final exam); fecha_sellado is stamped once, by the step that seals it. The app never
-- writes these afterwards (teaching/publish.repository.ts writes them only with the step), so only a hand-written
-- UPDATE could: with an app role that owns nothing (decision 017) it is refused like the sealed exams' changes.
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
  IF OLD.estado > 0
     AND ((NEW.materia_malla_id, NEW.periodo_id, NEW.fecha_publicado, NEW.fecha_expiracion)
            IS DISTINCT FROM (OLD.materia_malla_id, OLD.periodo_id, OLD.fecha_publicado, OLD.fecha_expiracion)
          OR (NEW.fecha_sellado IS DISTINCT FROM OLD.fecha_sellado AND NOT (OLD.estado = 1 AND NEW.estado = 2))) THEN
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: su materia, su periodo y sus fechas no pueden modificarse'
      USING ERRCODE = 'AR021';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- The seats of a capped section (0027, docs/decisions/024), with the waiting list guarded by its rows instead of
-- session settings the app's role could set itself:
-- - while students wait (a row of lista_espera without an offer, not the counter `esperando`, which the app's
--   role may write), a seat goes only to a student holding a live offer of that section: a row of the list with
--   `oferta_vence` ahead, read before this enrolment drops the student's entries;
-- - an enrolment over the cap or ahead of the list (arandu.sobrecupo, an Admin's explicit overbooking) needs the
--   writer of the transaction (app.user_id) to be an Admin (AR022), and is logged here ('sobrecupos'), whoever
--   wrote the statement.
CREATE OR REPLACE FUNCTION inscripciones_materia_asientos() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  tope integer;
  oferta boolean := false;
  tomado boolean;
  escritor integer := nullif(current_setting('app.user_id', true), '')::int;
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.materia_periodo_id <> NEW.materia_periodo_id) THEN
    PERFORM 1 FROM materias_periodo WHERE id = OLD.materia_periodo_id FOR KEY SHARE;
    UPDATE asientos_materia_periodo SET ocupados = ocupados - 1 WHERE materia_periodo_id = OLD.materia_periodo_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.materia_periodo_id = NEW.materia_periodo_id) THEN
    RETURN NULL;
  END IF;

  SELECT cupo INTO tope FROM materias_periodo WHERE id = NEW.materia_periodo_id FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM lista_espera WHERE perfil_alumno_id = NEW.perfil_alumno_id) THEN
    -- The counters of every list touched, locked in one order so two such enrolments cannot deadlock.
    PERFORM 1 FROM asientos_materia_periodo a
      WHERE a.materia_periodo_id = NEW.materia_periodo_id
         OR a.materia_periodo_id IN (
              SELECT l.materia_periodo_id FROM lista_espera l JOIN materias_periodo mp ON mp.id = l.materia_periodo_id
               WHERE l.perfil_alumno_id = NEW.perfil_alumno_id
                 AND mp.materia_malla_id = NEW.materia_malla_id AND mp.periodo_id = NEW.periodo_id)
      ORDER BY a.materia_periodo_id
      FOR UPDATE OF a;
    oferta := EXISTS (SELECT 1 FROM lista_espera l
                       WHERE l.materia_periodo_id = NEW.materia_periodo_id AND l.perfil_alumno_id = NEW.perfil_alumno_id
                         AND l.oferta_vence > now());
    DELETE FROM lista_espera l USING materias_periodo mp
     WHERE mp.id = l.materia_periodo_id AND l.perfil_alumno_id = NEW.perfil_alumno_id
       AND mp.materia_malla_id = NEW.materia_malla_id AND mp.periodo_id = NEW.periodo_id;
  END IF;
  IF tope IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE asientos_materia_periodo SET ocupados = ocupados + 1
   WHERE materia_periodo_id = NEW.materia_periodo_id
     AND ocupados + ofrecidos < tope AND (esperando = 0 OR oferta);
  tomado := FOUND;
  IF tomado AND (oferta OR NOT EXISTS (SELECT 1 FROM lista_espera l
                                       WHERE l.materia_periodo_id = NEW.materia_periodo_id AND l.oferta_vence IS NULL)) THEN
    RETURN NULL;
  END IF;
  IF current_setting('arandu.sobrecupo', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'Sin cupo' USING ERRCODE = 'check_violation', CONSTRAINT = 'asientos_materia_periodo_cupo';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM usuarios u WHERE u.id = escritor AND u.es_admin) THEN
    RAISE EXCEPTION 'Sólo un administrador puede inscribir por encima del cupo' USING ERRCODE = 'AR022';
  END IF;
  IF NOT tomado THEN
    UPDATE asientos_materia_periodo SET ocupados = ocupados + 1 WHERE materia_periodo_id = NEW.materia_periodo_id;
  END IF;
  INSERT INTO auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas, valores_nuevos)
  VALUES (escritor, 'INSERT', 'sobrecupos', NEW.materia_periodo_id::text, ARRAY['perfilAlumnoId', 'materiaPeriodoId'],
          jsonb_build_object('perfilAlumnoId', NEW.perfil_alumno_id, 'materiaPeriodoId', NEW.materia_periodo_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint

-- AR023: an offer goes to the first students waiting. A row newly offered (or an offer moved to another student
-- or section) must have no entry of its list still waiting ahead of it; the offer job offers the first `libres`
-- waiting entries in one statement, and this AFTER trigger sees them all offered. Reordering a list (a staff
-- move) and leaving it remain possible, and the audit trigger of lista_espera logs both.
CREATE FUNCTION lista_espera_oferta_en_orden() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.oferta_vence IS NULL
     OR (TG_OP = 'UPDATE' AND (OLD.oferta_vence, OLD.perfil_alumno_id, OLD.materia_periodo_id)
                              IS NOT DISTINCT FROM (NEW.oferta_vence, NEW.perfil_alumno_id, NEW.materia_periodo_id)) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM lista_espera w
              WHERE w.materia_periodo_id = NEW.materia_periodo_id AND w.oferta_vence IS NULL AND w.orden < NEW.orden) THEN
    RAISE EXCEPTION 'Un lugar se ofrece a los primeros de la lista de espera, en orden' USING ERRCODE = 'AR023';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lista_espera_oferta_en_orden AFTER INSERT OR UPDATE OF oferta_vence, perfil_alumno_id, materia_periodo_id
ON lista_espera FOR EACH ROW EXECUTE FUNCTION lista_espera_oferta_en_orden();
