DROP INDEX "eventos_seguridad_usuario_idx";--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ALTER COLUMN "usuario_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD COLUMN "metodo" varchar(15);--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD COLUMN "factor" varchar(15);--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD COLUMN "direccion" varchar(45);--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD COLUMN "agente_usuario" varchar(300);--> statement-breakpoint
CREATE INDEX "eventos_seguridad_usuario_fecha_idx" ON "eventos_seguridad" USING btree ("usuario_id","fecha","id");--> statement-breakpoint
ALTER TABLE "eventos_seguridad" ADD CONSTRAINT "eventos_seguridad_quien_ck" CHECK ("eventos_seguridad"."usuario_id" is not null or "eventos_seguridad"."email" is not null);