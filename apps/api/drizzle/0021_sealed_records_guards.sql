-- Sealed records the database defends from whoever holds the app's credentials (issue 28, decision 017; the table and columns are 0020, generated).
-- Plain SQL that runs on PostgreSQL 15 and on PGlite. The role split itself (an app role that owns nothing)
-- is granted by the API at start (src/db/roles.ts), since only the installation knows the role's name.

-- What a sealed version of an acta certifies, computed in one place: the number of students, how many got
-- each grade, and the SHA-256 of the lines 'documento;calificación' ordered by document (byte order, so
-- every server agrees), which the printed acta carries so a reader can compare it with the public page.
CREATE FUNCTION acta_resumen(p_examen integer, OUT cantidad integer, OUT distribucion jsonb, OUT digesto text)
LANGUAGE sql STABLE
AS $$
  SELECT count(*)::int,
         jsonb_build_object('0', count(*) FILTER (WHERE ie.calificacion = 0),
                            '1', count(*) FILTER (WHERE ie.calificacion = 1),
                            '2', count(*) FILTER (WHERE ie.calificacion = 2),
                            '3', count(*) FILTER (WHERE ie.calificacion = 3),
                            '4', count(*) FILTER (WHERE ie.calificacion = 4),
                            '5', count(*) FILTER (WHERE ie.calificacion = 5)),
         encode(sha256(convert_to(coalesce(
           string_agg(u.numero_documento || ';' || ie.calificacion, E'\n'
                      ORDER BY u.numero_documento COLLATE "C", ie.id), ''), 'UTF8')), 'hex')
    FROM inscripciones_examen ie
    JOIN perfiles_alumno pa ON pa.id = ie.perfil_alumno_id
    JOIN usuarios u ON u.id = pa.usuario_id
   WHERE ie.examen_id = p_examen
$$;
--> statement-breakpoint

-- The versions sealed before this migration whose exam is still sealed as they were get their summary now;
-- a version already reopened cannot be summarised any more (its rows may have changed) and stays without.
UPDATE actas_selladas a
   SET cantidad_alumnos = r.cantidad, distribucion = r.distribucion, digesto = r.digesto
  FROM examenes e, LATERAL acta_resumen(e.id) r
 WHERE e.id = a.examen_id AND e.estado = 1 AND e.codigo_verificacion = a.codigo;
--> statement-breakpoint

-- A version is written once, by the sealing itself: its exam must be sealed with this very code, and its
-- acta number, seal date and summary are taken from the exam, not from the caller.
CREATE FUNCTION actas_selladas_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  v_examen record;
  v_resumen record;
BEGIN
  SELECT e.nro_acta, e.fecha_sellado INTO v_examen
    FROM examenes e WHERE e.id = NEW.examen_id AND e.estado = 1 AND e.codigo_verificacion = NEW.codigo;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Sólo un examen sellado con ese código puede registrar su acta';
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
CREATE TRIGGER actas_selladas_registrar BEFORE INSERT ON actas_selladas
FOR EACH ROW EXECUTE FUNCTION actas_selladas_registrar();
--> statement-breakpoint

-- Append-only records: what was sealed, and who reopened it, stay as written.
CREATE FUNCTION solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Los registros de % no pueden modificarse ni borrarse', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER actas_selladas_solo_agregar BEFORE UPDATE OR DELETE ON actas_selladas
FOR EACH ROW EXECUTE FUNCTION solo_agregar();
--> statement-breakpoint
CREATE TRIGGER reaperturas_examen_solo_agregar BEFORE UPDATE OR DELETE ON reaperturas_examen
FOR EACH ROW EXECUTE FUNCTION solo_agregar();
--> statement-breakpoint

-- A reopening is the root administrator's, now, for the version the exam is sealed with: the row names the
-- user the API set for the transaction, and its transaction id is the current one whatever the caller wrote,
-- so a row cannot be prepared in advance for a later transaction.
CREATE FUNCTION reaperturas_examen_registrar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.usuario_id IS DISTINCT FROM nullif(current_setting('app.user_id', true), '')::int
     OR NOT EXISTS (SELECT 1 FROM usuarios u WHERE u.id = NEW.usuario_id AND u.es_admin_root) THEN
    RAISE EXCEPTION 'Sólo el administrador raíz puede abrir un examen sellado';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM examenes e
                  WHERE e.id = NEW.examen_id AND e.estado = 1 AND e.codigo_verificacion = NEW.codigo_reemplazado) THEN
    RAISE EXCEPTION 'El examen no está sellado con esa acta';
  END IF;
  NEW.fecha := now();
  NEW.transaccion := txid_current();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reaperturas_examen_registrar BEFORE INSERT ON reaperturas_examen
FOR EACH ROW EXECUTE FUNCTION reaperturas_examen_registrar();
--> statement-breakpoint
CREATE TRIGGER reaperturas_examen_auditoria AFTER INSERT OR UPDATE OR DELETE ON reaperturas_examen
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint

-- A sealed exam is frozen. It leaves the sealed state only through a reopening recorded in this same
-- transaction (so 1 -> 0 -> 1 by hand, to change grades and seal again, is refused), and leaving it drops the
-- code and the date: they belong to the version that was reopened. Sealing needs a code never used before.
CREATE OR REPLACE FUNCTION examenes_guardar_sellado() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.estado = 1 THEN
      RAISE EXCEPTION 'El examen está sellado: no puede borrarse';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.estado = 1 AND NEW.estado = 1 THEN
    RAISE EXCEPTION 'El examen está sellado: no puede modificarse';
  END IF;
  IF OLD.estado = 1 THEN
    IF NOT EXISTS (SELECT 1 FROM reaperturas_examen r
                    WHERE r.examen_id = OLD.id AND r.codigo_reemplazado = OLD.codigo_verificacion
                      AND r.transaccion = txid_current()) THEN
      RAISE EXCEPTION 'Un examen sellado sólo se abre con la reapertura del administrador raíz';
    END IF;
    NEW.codigo_verificacion := NULL;
    NEW.fecha_sellado := NULL;
  ELSIF NEW.estado = 1 AND EXISTS (SELECT 1 FROM actas_selladas a WHERE a.codigo = NEW.codigo_verificacion) THEN
    RAISE EXCEPTION 'El código de verificación ya fue usado por otra acta';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint

-- A sealing is whole when its transaction ends: the exam sealed with a code has that code's acta version.
CREATE FUNCTION examenes_sellado_con_acta() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.estado = 1 AND NOT EXISTS (SELECT 1 FROM actas_selladas a
                                     WHERE a.codigo = NEW.codigo_verificacion AND a.examen_id = NEW.id) THEN
    RAISE EXCEPTION 'Un examen sellado debe registrar su acta';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER examenes_sellado_con_acta AFTER INSERT OR UPDATE OF estado, codigo_verificacion ON examenes
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION examenes_sellado_con_acta();
--> statement-breakpoint

-- TRUNCATE skips row triggers: on the tables that hold grades, attendance, sealed actas and the audit log it
-- is refused outright, for the tables' owner too (the app's role is not granted it at all).
CREATE FUNCTION sin_vaciar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'La tabla % no puede vaciarse', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_vaciar BEFORE TRUNCATE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER examenes_sin_vaciar BEFORE TRUNCATE ON examenes FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER inscripciones_examen_sin_vaciar BEFORE TRUNCATE ON inscripciones_examen
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER actas_selladas_sin_vaciar BEFORE TRUNCATE ON actas_selladas
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER reaperturas_examen_sin_vaciar BEFORE TRUNCATE ON reaperturas_examen
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER materias_periodo_sin_vaciar BEFORE TRUNCATE ON materias_periodo
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER inscripciones_materia_sin_vaciar BEFORE TRUNCATE ON inscripciones_materia
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER tareas_materia_sin_vaciar BEFORE TRUNCATE ON tareas_materia
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER tareas_materia_alumnos_sin_vaciar BEFORE TRUNCATE ON tareas_materia_alumnos
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER asistencias_sin_vaciar BEFORE TRUNCATE ON asistencias FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint
CREATE TRIGGER asistencias_alumnos_sin_vaciar BEFORE TRUNCATE ON asistencias_alumnos
FOR EACH STATEMENT EXECUTE FUNCTION sin_vaciar();
--> statement-breakpoint

-- The audit count's checkpoint locks the log in SHARE mode, which PostgreSQL grants only to a role that may
-- UPDATE, DELETE or TRUNCATE it; the app's role may do none of these, so the function runs as its owner.
ALTER FUNCTION auditoria_conteo_avanzar() SECURITY DEFINER SET search_path = public, pg_temp;
