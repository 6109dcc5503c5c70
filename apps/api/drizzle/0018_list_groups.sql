-- The general student report filtered by period and career (issue 16): its students were the career's records
-- (20,000 at 100,000 students) hashed against the period's kept groups (71,425), then sorted by legajo: p95
-- 36 ms there. The kept groups of 0015 now also carry the student's malla and legajo, so the period's students
-- of a career are one range of an index in legajo order, counted without reading a student record.
ALTER TABLE "inscriptos_periodo" ADD COLUMN IF NOT EXISTS "malla_id" integer;
--> statement-breakpoint
ALTER TABLE "inscriptos_periodo" ADD COLUMN IF NOT EXISTS "numero_legajo" integer;
--> statement-breakpoint
UPDATE "inscriptos_periodo" k SET "malla_id" = pa."malla_id", "numero_legajo" = pa."numero_legajo"
  FROM "perfiles_alumno" pa
 WHERE pa."id" = k."perfil_alumno_id";
--> statement-breakpoint
ALTER TABLE "inscriptos_periodo" ALTER COLUMN "malla_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "inscriptos_periodo" ALTER COLUMN "numero_legajo" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inscriptos_periodo_malla_legajo_idx"
  ON "inscriptos_periodo" ("periodo_id", "malla_id", "numero_legajo") INCLUDE ("perfil_alumno_id");
--> statement-breakpoint
-- A new group copies its student's malla and legajo; a change of either is copied to the student's groups
-- (below). Both lock the student's record first: the copy is read after a change of it commits, and the
-- change, after the enrolments that copied it commit, so neither misses the other. (The foreign key's lock of
-- an enrolment lets the malla change meanwhile; the legajo, being unique, not.) Every trigger here takes the
-- records before the groups, so they never wait for each other the other way round.
CREATE OR REPLACE FUNCTION inscriptos_periodo_sumar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM perfiles_alumno pa WHERE pa.id IN (SELECT n.perfil_alumno_id FROM nuevas n) FOR SHARE;
  INSERT INTO inscriptos_periodo AS k (periodo_id, perfil_alumno_id, malla_id, numero_legajo, cantidad)
  SELECT n.periodo_id, n.perfil_alumno_id, pa.malla_id, pa.numero_legajo, count(*)::int
    FROM nuevas n JOIN perfiles_alumno pa ON pa.id = n.perfil_alumno_id
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (periodo_id, perfil_alumno_id) DO UPDATE SET cantidad = k.cantidad + excluded.cantidad;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A removal takes its student's record too, before the groups (the statement's trigger of 0015 comes after).
CREATE OR REPLACE FUNCTION inscriptos_periodo_bloquear_alumno() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM perfiles_alumno pa WHERE pa.id = OLD.perfil_alumno_id FOR SHARE;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inscriptos_periodo_antes_de_borrar ON inscripciones_materia;
--> statement-breakpoint
CREATE TRIGGER inscriptos_periodo_antes_de_borrar BEFORE DELETE ON inscripciones_materia
FOR EACH ROW EXECUTE FUNCTION inscriptos_periodo_bloquear_alumno();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inscriptos_periodo_mover() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM perfiles_alumno pa WHERE pa.id IN (OLD.perfil_alumno_id, NEW.perfil_alumno_id) FOR SHARE;
  UPDATE inscriptos_periodo SET cantidad = cantidad - 1
   WHERE periodo_id = OLD.periodo_id AND perfil_alumno_id = OLD.perfil_alumno_id AND cantidad > 1;
  IF NOT FOUND THEN
    DELETE FROM inscriptos_periodo WHERE periodo_id = OLD.periodo_id AND perfil_alumno_id = OLD.perfil_alumno_id;
  END IF;
  INSERT INTO inscriptos_periodo AS k (periodo_id, perfil_alumno_id, malla_id, numero_legajo, cantidad)
  SELECT NEW.periodo_id, pa.id, pa.malla_id, pa.numero_legajo, 1 FROM perfiles_alumno pa WHERE pa.id = NEW.perfil_alumno_id
  ON CONFLICT (periodo_id, perfil_alumno_id) DO UPDATE SET cantidad = k.cantidad + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION inscriptos_periodo_copiar_alumno() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE inscriptos_periodo SET malla_id = NEW.malla_id, numero_legajo = NEW.numero_legajo
   WHERE perfil_alumno_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS inscriptos_periodo_al_cambiar_alumno ON perfiles_alumno;
--> statement-breakpoint
CREATE TRIGGER inscriptos_periodo_al_cambiar_alumno AFTER UPDATE OF malla_id, numero_legajo ON perfiles_alumno
FOR EACH ROW WHEN (OLD.malla_id IS DISTINCT FROM NEW.malla_id OR OLD.numero_legajo IS DISTINCT FROM NEW.numero_legajo)
EXECUTE FUNCTION inscriptos_periodo_copiar_alumno();
--> statement-breakpoint
-- The subject-period list across every period (issue 16) places its page by (period, malla subject) group:
-- grouping the 31,980 subject-periods on every page cost 8 to 20 ms at 100,000 students. The groups and their
-- number of sections are kept here as sections are added, removed or moved, so a page reads 780 rows. (The
-- foreign keys are for TRUNCATE … CASCADE, which fires no trigger: the groups go with the periods.)
CREATE TABLE "materias_periodo_grupo" (
	"periodo_id" integer NOT NULL REFERENCES "periodos"("id") ON DELETE cascade,
	"materia_malla_id" integer NOT NULL REFERENCES "materias_malla"("id") ON DELETE cascade,
	"secciones" integer NOT NULL,
	CONSTRAINT "materias_periodo_grupo_pk" PRIMARY KEY ("periodo_id", "materia_malla_id"),
	CONSTRAINT "materias_periodo_grupo_secciones_ck" CHECK ("secciones" >= 0)
);
--> statement-breakpoint
INSERT INTO "materias_periodo_grupo" ("periodo_id", "materia_malla_id", "secciones")
SELECT "periodo_id", "materia_malla_id", count(*)::int FROM "materias_periodo" GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION materias_periodo_grupo_sumar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO materias_periodo_grupo AS k (periodo_id, materia_malla_id, secciones)
  SELECT periodo_id, materia_malla_id, count(*)::int FROM nuevas GROUP BY 1, 2
  ON CONFLICT (periodo_id, materia_malla_id) DO UPDATE SET secciones = k.secciones + excluded.secciones;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Subtracted first, then the emptied groups go: the update locks each group, so a section added at the same
-- time waits and then counts on what is left (or makes the group again).
CREATE OR REPLACE FUNCTION materias_periodo_grupo_restar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE materias_periodo_grupo k SET secciones = k.secciones - q.n
    FROM (SELECT periodo_id, materia_malla_id, count(*)::int AS n FROM viejas GROUP BY 1, 2) q
   WHERE k.periodo_id = q.periodo_id AND k.materia_malla_id = q.materia_malla_id;
  DELETE FROM materias_periodo_grupo k
   WHERE k.secciones = 0
     AND (k.periodo_id, k.materia_malla_id) IN (SELECT v.periodo_id, v.materia_malla_id FROM viejas v);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION materias_periodo_grupo_mover() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE materias_periodo_grupo SET secciones = secciones - 1
   WHERE periodo_id = OLD.periodo_id AND materia_malla_id = OLD.materia_malla_id;
  DELETE FROM materias_periodo_grupo
   WHERE periodo_id = OLD.periodo_id AND materia_malla_id = OLD.materia_malla_id AND secciones = 0;
  INSERT INTO materias_periodo_grupo AS k (periodo_id, materia_malla_id, secciones)
  VALUES (NEW.periodo_id, NEW.materia_malla_id, 1)
  ON CONFLICT (periodo_id, materia_malla_id) DO UPDATE SET secciones = k.secciones + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER materias_periodo_grupo_al_insertar AFTER INSERT ON materias_periodo
REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION materias_periodo_grupo_sumar();
--> statement-breakpoint
CREATE TRIGGER materias_periodo_grupo_al_borrar AFTER DELETE ON materias_periodo
REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION materias_periodo_grupo_restar();
--> statement-breakpoint
CREATE TRIGGER materias_periodo_grupo_al_mover AFTER UPDATE OF periodo_id, materia_malla_id ON materias_periodo
FOR EACH ROW WHEN (OLD.periodo_id IS DISTINCT FROM NEW.periodo_id OR OLD.materia_malla_id IS DISTINCT FROM NEW.materia_malla_id)
EXECUTE FUNCTION materias_periodo_grupo_mover();
