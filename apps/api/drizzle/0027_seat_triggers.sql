-- Seat limits and waiting lists (issue 29, docs/decisions/024). The seat counters of a capped subject-period
-- live in asientos_materia_periodo and are kept here, for every writer (the enrolment form, staff's saves and
-- moves, imports): an enrolment takes a seat with one conditional UPDATE of its section's row, so a rush can
-- never go over the cap (the row lock orders the takers; no count-then-insert). `cupo` itself changes only
-- after a FOR UPDATE of the materias_periodo row, which waits for the KEY SHARE taken here, so the recount done
-- when a cap is set sees every enrolment in flight.

-- An enrolment in (or moved into) a capped section takes a seat: free seats are the cap minus enrolments and
-- open offers, and while students wait only the holder of an offer (arandu.oferta) may take one. An Admin's
-- explicit overbooking sets arandu.sobrecupo for its own statement. Leaving frees the seat. Enrolling in a
-- section also takes the student off the waiting lists of the same subject in the period (any section).
CREATE FUNCTION inscripciones_materia_asientos() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  tope integer;
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
    DELETE FROM lista_espera l USING materias_periodo mp
     WHERE mp.id = l.materia_periodo_id AND l.perfil_alumno_id = NEW.perfil_alumno_id
       AND mp.materia_malla_id = NEW.materia_malla_id AND mp.periodo_id = NEW.periodo_id;
  END IF;
  IF tope IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE asientos_materia_periodo SET ocupados = ocupados + 1
   WHERE materia_periodo_id = NEW.materia_periodo_id
     AND (current_setting('arandu.sobrecupo', true) = 'on'
          OR (ocupados + ofrecidos < tope
              AND (esperando = 0 OR current_setting('arandu.oferta', true) = NEW.materia_periodo_id::text)));
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Sin cupo' USING ERRCODE = 'check_violation', CONSTRAINT = 'asientos_materia_periodo_cupo';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inscripciones_materia_asientos AFTER INSERT OR DELETE OR UPDATE OF materia_periodo_id ON inscripciones_materia
FOR EACH ROW EXECUTE FUNCTION inscripciones_materia_asientos();
--> statement-breakpoint

-- The waiting list's counters: an entry waits (esperando) or holds an offered seat (ofrecidos).
CREATE FUNCTION lista_espera_contadores() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE asientos_materia_periodo
       SET ofrecidos = ofrecidos - (OLD.oferta_vence IS NOT NULL)::int,
           esperando = esperando - (OLD.oferta_vence IS NULL)::int
     WHERE materia_periodo_id = OLD.materia_periodo_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE asientos_materia_periodo
       SET ofrecidos = ofrecidos + (NEW.oferta_vence IS NOT NULL)::int,
           esperando = esperando + (NEW.oferta_vence IS NULL)::int
     WHERE materia_periodo_id = NEW.materia_periodo_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lista_espera_contadores AFTER INSERT OR DELETE OR UPDATE OF oferta_vence, materia_periodo_id ON lista_espera
FOR EACH ROW EXECUTE FUNCTION lista_espera_contadores();
--> statement-breakpoint
CREATE TRIGGER lista_espera_auditoria AFTER INSERT OR UPDATE OR DELETE ON lista_espera
FOR EACH ROW EXECUTE FUNCTION audit_log_change('materia_periodo_id');
--> statement-breakpoint
INSERT INTO configuracion (clave, valor, descripcion) VALUES
  ('listaEsperaOfertaHoras', '24', 'Horas que tiene un alumno de la lista de espera para aceptar el lugar ofrecido')
ON CONFLICT DO NOTHING;
