DROP INDEX "auditoria_usuario_fecha_idx";--> statement-breakpoint
DROP INDEX "auditoria_tabla_fecha_idx";--> statement-breakpoint
DROP INDEX "auditoria_tipo_fecha_idx";--> statement-breakpoint
CREATE INDEX "auditoria_usuario_fecha_idx" ON "auditoria" USING btree ("usuario_id","fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_tabla_fecha_idx" ON "auditoria" USING btree ("nombre_tabla","fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_tipo_fecha_idx" ON "auditoria" USING btree ("tipo","fecha" DESC NULLS LAST,"id" DESC NULLS LAST);