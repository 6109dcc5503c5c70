DROP INDEX "usuarios_apellido_nombre_idx";--> statement-breakpoint
CREATE INDEX "usuarios_apellido_nombre_idx" ON "usuarios" USING btree ("apellido","nombre","id");