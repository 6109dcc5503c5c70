-- Reports (issue 13): the indexes their lists and downloads page on. No tables of their own.
-- 'Reporte de alumnos' (enrolled) groups a period's enrolments by student in this order, and its download
-- walks it by keyset (periodo_id desc, perfil_alumno_id), so neither sorts the faculty.
CREATE INDEX IF NOT EXISTS "inscripciones_materia_periodo_alumno_idx" ON "inscripciones_materia" ("periodo_id" DESC, "perfil_alumno_id");
--> statement-breakpoint
-- The general report filters student records by career through their malla, in legajo order.
CREATE INDEX IF NOT EXISTS "perfiles_alumno_malla_legajo_idx" ON "perfiles_alumno" ("malla_id", "numero_legajo");
