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
CREATE OR REPLACE FUNCTION inscriptos_periodo_restar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM perfiles_alumno pa WHERE pa.id IN (SELECT v.perfil_alumno_id FROM viejas v) FOR SHARE;
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
