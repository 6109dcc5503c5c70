-- Reports (issue 13): 'Reporte de alumnos' (enrolled) lists one row per student and period with the number of
-- subjects taken. Grouping 500,000 enrolments on every page cost 170 ms at 24,000 students for "every period"
-- (bench/README.md); the groups are now kept as the enrolments change, so a page and its exact total are
-- read off this table's index.
CREATE TABLE IF NOT EXISTS "inscriptos_periodo" (
	"periodo_id" integer NOT NULL REFERENCES "periodos"("id") ON DELETE cascade,
	"perfil_alumno_id" integer NOT NULL REFERENCES "perfiles_alumno"("id") ON DELETE cascade,
	"cantidad" integer NOT NULL,
	CONSTRAINT "inscriptos_periodo_pk" PRIMARY KEY ("periodo_id", "perfil_alumno_id"),
	CONSTRAINT "inscriptos_periodo_cantidad_ck" CHECK ("cantidad" > 0)
);
--> statement-breakpoint
-- The list's order: newest period first, then the student record.
CREATE INDEX IF NOT EXISTS "inscriptos_periodo_orden_idx" ON "inscriptos_periodo" ("periodo_id" DESC, "perfil_alumno_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inscriptos_periodo_alumno_idx" ON "inscriptos_periodo" ("perfil_alumno_id");
--> statement-breakpoint
INSERT INTO "inscriptos_periodo" ("periodo_id", "perfil_alumno_id", "cantidad")
SELECT "periodo_id", "perfil_alumno_id", count(*)::int FROM "inscripciones_materia" GROUP BY 1, 2
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Enrolments are inserted and deleted in sets (a save-inscription's lines, the seed): one statement-level
-- trigger per statement adds or takes the set's counts, instead of one write per enrolment.
CREATE OR REPLACE FUNCTION inscriptos_periodo_sumar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO inscriptos_periodo AS k (periodo_id, perfil_alumno_id, cantidad)
  SELECT periodo_id, perfil_alumno_id, count(*)::int FROM nuevas GROUP BY 1, 2
  ON CONFLICT (periodo_id, perfil_alumno_id) DO UPDATE SET cantidad = k.cantidad + excluded.cantidad;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inscriptos_periodo_restar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  WITH quitadas AS (SELECT periodo_id, perfil_alumno_id, count(*)::int AS n FROM viejas GROUP BY 1, 2),
       restadas AS (
         UPDATE inscriptos_periodo k SET cantidad = k.cantidad - q.n
           FROM quitadas q
          WHERE k.periodo_id = q.periodo_id AND k.perfil_alumno_id = q.perfil_alumno_id AND k.cantidad > q.n
         RETURNING k.periodo_id, k.perfil_alumno_id)
  DELETE FROM inscriptos_periodo k USING quitadas q
   WHERE k.periodo_id = q.periodo_id AND k.perfil_alumno_id = q.perfil_alumno_id
     AND NOT EXISTS (SELECT 1 FROM restadas r WHERE r.periodo_id = q.periodo_id AND r.perfil_alumno_id = q.perfil_alumno_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An update that moves an enrolment to another period or student (rare: the enrolment edit) moves its count;
-- the percentages' updates on every autosave do not name these columns and fire nothing.
CREATE OR REPLACE FUNCTION inscriptos_periodo_mover() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE inscriptos_periodo SET cantidad = cantidad - 1
   WHERE periodo_id = OLD.periodo_id AND perfil_alumno_id = OLD.perfil_alumno_id AND cantidad > 1;
  IF NOT FOUND THEN
    DELETE FROM inscriptos_periodo WHERE periodo_id = OLD.periodo_id AND perfil_alumno_id = OLD.perfil_alumno_id;
  END IF;
  INSERT INTO inscriptos_periodo AS k (periodo_id, perfil_alumno_id, cantidad)
  VALUES (NEW.periodo_id, NEW.perfil_alumno_id, 1)
  ON CONFLICT (periodo_id, perfil_alumno_id) DO UPDATE SET cantidad = k.cantidad + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inscriptos_periodo_al_insertar ON inscripciones_materia;
--> statement-breakpoint
CREATE TRIGGER inscriptos_periodo_al_insertar AFTER INSERT ON inscripciones_materia
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION inscriptos_periodo_sumar();
--> statement-breakpoint
DROP TRIGGER IF EXISTS inscriptos_periodo_al_borrar ON inscripciones_materia;
--> statement-breakpoint
CREATE TRIGGER inscriptos_periodo_al_borrar AFTER DELETE ON inscripciones_materia
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION inscriptos_periodo_restar();
--> statement-breakpoint
DROP TRIGGER IF EXISTS inscriptos_periodo_al_mover ON inscripciones_materia;
--> statement-breakpoint
CREATE TRIGGER inscriptos_periodo_al_mover AFTER UPDATE OF periodo_id, perfil_alumno_id ON inscripciones_materia
FOR EACH ROW WHEN (OLD.periodo_id IS DISTINCT FROM NEW.periodo_id OR OLD.perfil_alumno_id IS DISTINCT FROM NEW.perfil_alumno_id)
EXECUTE FUNCTION inscriptos_periodo_mover();
