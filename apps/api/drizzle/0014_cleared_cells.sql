-- Autosave (issue 10): a cleared score or mark keeps the sequence of the save that cleared it, so an older
-- save of the same cell that arrives later (a retry, a slow request) cannot bring the value back
-- (docs/decisions/007-teaching.md). Kept beside the scores and marks, not as null rows in them, so that
-- "no row" still means "not scored" / "not taken" for every reader, and an enrolment or a homework whose
-- only cells were cleared can still be deleted (these rows go with them).
CREATE TABLE IF NOT EXISTS "puntajes_borrados" (
	"tarea_materia_id" integer NOT NULL REFERENCES "tareas_materia"("id") ON DELETE cascade,
	"inscripcion_materia_id" integer NOT NULL REFERENCES "inscripciones_materia"("id") ON DELETE cascade,
	"secuencia" bigint NOT NULL,
	CONSTRAINT "puntajes_borrados_pk" PRIMARY KEY ("tarea_materia_id", "inscripcion_materia_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "puntajes_borrados_inscripcion_idx" ON "puntajes_borrados" ("inscripcion_materia_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "marcas_borradas" (
	"asistencia_id" integer NOT NULL REFERENCES "asistencias"("id") ON DELETE cascade,
	"inscripcion_materia_id" integer NOT NULL REFERENCES "inscripciones_materia"("id") ON DELETE cascade,
	"secuencia" bigint NOT NULL,
	CONSTRAINT "marcas_borradas_pk" PRIMARY KEY ("asistencia_id", "inscripcion_materia_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "marcas_borradas_inscripcion_idx" ON "marcas_borradas" ("inscripcion_materia_id");
