-- Subject enrolment (issue 11, DOMAIN.md section 4, decision 008).
-- The 'Manifiesto de Conformidad' a student accepts before enrolling, once per period, with its time.
CREATE TABLE "conformidades_inscripcion" (
  "perfil_alumno_id" integer NOT NULL REFERENCES "perfiles_alumno"("id") ON DELETE CASCADE,
  "periodo_id" integer NOT NULL REFERENCES "periodos"("id"),
  "fecha_conformidad" timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT "conformidades_inscripcion_pk" PRIMARY KEY ("perfil_alumno_id", "periodo_id")
);
--> statement-breakpoint
CREATE INDEX "conformidades_inscripcion_periodo_idx" ON "conformidades_inscripcion" ("periodo_id");
--> statement-breakpoint
CREATE TRIGGER conformidades_inscripcion_auditoria AFTER INSERT OR UPDATE OR DELETE ON conformidades_inscripcion
FOR EACH ROW EXECUTE FUNCTION audit_log_change('perfil_alumno_id');
--> statement-breakpoint
-- The student's dashboard: their starred enrolments, without reading all of their history.
CREATE INDEX "inscripciones_materia_tablero_idx" ON "inscripciones_materia" ("perfil_alumno_id")
  WHERE "mostrar_en_tablero";
--> statement-breakpoint
-- The staff list's default order (newest first) and its period filter come off these.
CREATE INDEX "inscripciones_materia_periodo_id_idx" ON "inscripciones_materia" ("periodo_id", "id");
