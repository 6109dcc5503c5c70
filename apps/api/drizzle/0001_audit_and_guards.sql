-- Audit log, the guards the database keeps itself, and the reference rows every installation starts with.
-- Plain SQL that runs on PostgreSQL 15 and on PGlite (PostgreSQL 18): no extensions.

-- Lower case without accents, for the spec's accent- and case-insensitive filters ('Benítez' ~ 'benitez').
-- Built from translate() because the unaccent extension is not loaded in PGlite by default; immutable, so
-- it may also back an expression index.
CREATE FUNCTION sin_acentos(texto text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT translate(lower(texto), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc') $$;
--> statement-breakpoint

-- DOMAIN.md section 7: every change of a business table, in the same transaction, attributed to the user
-- the API set with set_config('app.user_id', ..., true). TG_ARGV[0] names the key column when it is not "id".
-- Column names are listed in table order, read from to_json (json keeps it; jsonb sorts its keys). Reading
-- them from pg_attribute instead made a bulk insert twice as slow.
CREATE FUNCTION audit_log_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  -- Password hashes, session tokens and photo bytes never reach the log; their column names still do.
  ocultas CONSTANT text[] := ARRAY['password_hash', 'token_hash', 'foto_datos'];
  clave CONSTANT text := coalesce(TG_ARGV[0], 'id');
  fila_anterior jsonb;
  fila_nueva jsonb;
  anteriores jsonb;
  nuevos jsonb;
  columnas text[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    fila_anterior := to_jsonb(OLD);
    fila_nueva := to_jsonb(NEW);
    SELECT array_agg(c.key ORDER BY c.orden),
           jsonb_object_agg(c.key, fila_anterior -> c.key),
           jsonb_object_agg(c.key, fila_nueva -> c.key)
      INTO columnas, anteriores, nuevos
      FROM json_each(to_json(NEW)) WITH ORDINALITY c(key, value, orden)
     WHERE fila_nueva -> c.key IS DISTINCT FROM fila_anterior -> c.key;
    IF columnas IS NULL THEN
      RETURN NULL; -- an update that changed nothing leaves no trace
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    -- A new row lists the columns it filled.
    fila_nueva := to_jsonb(NEW);
    nuevos := fila_nueva;
    SELECT array_agg(c.key ORDER BY c.orden) INTO columnas
      FROM json_each(to_json(NEW)) WITH ORDINALITY c(key, value, orden)
     WHERE json_typeof(c.value) <> 'null';
  ELSE
    -- A deleted row lists them all.
    fila_anterior := to_jsonb(OLD);
    anteriores := fila_anterior;
    SELECT array_agg(c.key ORDER BY c.orden) INTO columnas
      FROM json_each(to_json(OLD)) WITH ORDINALITY c(key, value, orden);
  END IF;

  INSERT INTO auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas,
                         valores_anteriores, valores_nuevos)
  VALUES (nullif(current_setting('app.user_id', true), '')::int, TG_OP, TG_TABLE_NAME,
          coalesce(fila_nueva, fila_anterior) ->> clave, coalesce(columnas, '{}'),
          anteriores - ocultas, nuevos - ocultas);
  RETURN NULL;
END;
$$;
--> statement-breakpoint

CREATE FUNCTION auditoria_solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría no puede modificarse';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_solo_agregar BEFORE UPDATE OR DELETE ON auditoria
FOR EACH ROW EXECUTE FUNCTION auditoria_solo_agregar();
--> statement-breakpoint

-- DOMAIN.md section 5: publishing and sealing go one way only, and what decides how the figures are
-- computed is frozen with them.
CREATE FUNCTION materias_periodo_guardar_estado() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.estado < OLD.estado THEN
    RAISE EXCEPTION 'Una materia publicada o sellada no puede volver a un estado anterior';
  END IF;
  IF OLD.estado > 0 AND (NEW.editar_asistencias, NEW.utiliza_porcentaje_peso_materia)
     IS DISTINCT FROM (OLD.editar_asistencias, OLD.utiliza_porcentaje_peso_materia) THEN
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: su forma de calificar no puede modificarse';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER materias_periodo_guardar_estado BEFORE UPDATE ON materias_periodo
FOR EACH ROW EXECUTE FUNCTION materias_periodo_guardar_estado();
--> statement-breakpoint

-- DOMAIN.md section 5: once a subject-period is published its students and their hand-entered figures are
-- frozen, whatever the caller. Only the student's dashboard star may still change.
CREATE FUNCTION inscripciones_materia_guardar_publicada() RETURNS trigger
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
    RAISE EXCEPTION 'La materia ya fue publicada o sellada: sus inscripciones y porcentajes no pueden modificarse';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inscripciones_materia_guardar_publicada BEFORE INSERT OR UPDATE OR DELETE ON inscripciones_materia
FOR EACH ROW EXECUTE FUNCTION inscripciones_materia_guardar_publicada();
--> statement-breakpoint

-- Reference rows, written before the audit triggers exist: they are the installation, not a change to it.
-- Keys and defaults match zSettings in packages/shared/src/settings.ts.
INSERT INTO configuracion (clave, valor, descripcion) VALUES
  ('nombreFacultad', '"Facultad de Ingeniería"', 'Nombre de la facultad'),
  ('minAsistenciaExamen', '70', 'Porcentaje mínimo de asistencia para rendir examen'),
  ('minPPFinal', '50', 'Porcentaje mínimo de pruebas parciales para rendir el examen final (debajo, recuperatorio)'),
  ('pesoPP', '0.4', 'Peso de las pruebas parciales en la nota final (0 a 1)'),
  ('pesoPF', '0.6', 'Peso de la prueba final en la nota final (0 a 1)'),
  ('minPF', '50', 'Porcentaje mínimo de la prueba final para aprobar (debajo, calificación 1)'),
  ('vigenciaDerechoExamenMeses', '12', 'Meses de vigencia del derecho a examen desde la publicación de la materia'),
  ('loginMaxFallos', '5', 'Intentos fallidos de inicio de sesión que bloquean la cuenta'),
  ('loginBloqueoMinutos', '15', 'Minutos que dura el bloqueo de una cuenta (y ventana en que se cuentan los fallos)'),
  ('loginMaxIntentosPorMinutoIp', '30', 'Intentos de inicio de sesión por minuto permitidos a una misma dirección'),
  ('sesionInactividadHoras', '12', 'Horas sin uso tras las cuales una sesión termina'),
  ('sesionDuracionMaximaDias', '7', 'Días tras los cuales una sesión termina aunque se use');
--> statement-breakpoint

-- Paraguay first: forms list countries in id order.
INSERT INTO paises (nombre, codigo) VALUES
  ('Paraguay', 'PRY'),
  ('Argentina', 'ARG'),
  ('Brasil', 'BRA'),
  ('Bolivia', 'BOL'),
  ('Uruguay', 'URY'),
  ('Chile', 'CHL'),
  ('Perú', 'PER'),
  ('Colombia', 'COL'),
  ('Venezuela', 'VEN'),
  ('Ecuador', 'ECU'),
  ('México', 'MEX'),
  ('España', 'ESP'),
  ('Italia', 'ITA'),
  ('Alemania', 'DEU'),
  ('Estados Unidos', 'USA'),
  ('Japón', 'JPN'),
  ('Corea del Sur', 'KOR'),
  ('China', 'CHN'),
  ('Taiwán', 'TWN'),
  ('Otro', NULL);
--> statement-breakpoint

INSERT INTO escalafones_docentes (nombre, orden) VALUES
  ('Auxiliar de la Enseñanza', 1),
  ('Encargado de Cátedra', 2),
  ('Profesor Asistente', 3),
  ('Profesor Adjunto', 4),
  ('Profesor Titular', 5);
--> statement-breakpoint

CREATE TRIGGER usuarios_auditoria AFTER INSERT OR UPDATE OR DELETE ON usuarios
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER usuario_fotos_auditoria AFTER INSERT OR UPDATE OR DELETE ON usuario_fotos
FOR EACH ROW EXECUTE FUNCTION audit_log_change('usuario_id');
--> statement-breakpoint
CREATE TRIGGER paises_auditoria AFTER INSERT OR UPDATE OR DELETE ON paises
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER configuracion_auditoria AFTER INSERT OR UPDATE OR DELETE ON configuracion
FOR EACH ROW EXECUTE FUNCTION audit_log_change('clave');
--> statement-breakpoint
CREATE TRIGGER carreras_auditoria AFTER INSERT OR UPDATE OR DELETE ON carreras
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER materias_auditoria AFTER INSERT OR UPDATE OR DELETE ON materias
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER mallas_auditoria AFTER INSERT OR UPDATE OR DELETE ON mallas
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER materias_malla_auditoria AFTER INSERT OR UPDATE OR DELETE ON materias_malla
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER anhos_lectivos_auditoria AFTER INSERT OR UPDATE OR DELETE ON anhos_lectivos
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER periodos_auditoria AFTER INSERT OR UPDATE OR DELETE ON periodos
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER materias_periodo_auditoria AFTER INSERT OR UPDATE OR DELETE ON materias_periodo
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER profesores_materia_periodo_auditoria AFTER INSERT OR UPDATE OR DELETE ON profesores_materia_periodo
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER horarios_auditoria AFTER INSERT OR UPDATE OR DELETE ON horarios
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER perfiles_alumno_auditoria AFTER INSERT OR UPDATE OR DELETE ON perfiles_alumno
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER inscripciones_materia_auditoria AFTER INSERT OR UPDATE OR DELETE ON inscripciones_materia
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER escalafones_docentes_auditoria AFTER INSERT OR UPDATE OR DELETE ON escalafones_docentes
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER categorias_profesores_auditoria AFTER INSERT OR UPDATE OR DELETE ON categorias_profesores
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
