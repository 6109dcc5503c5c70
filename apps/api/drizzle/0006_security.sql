-- Security (issue 9, decision record 006): throttle counters, pending password resets, a real mail outbox.

-- One row a throttle key ('login:par:<email>|<ip>', 'login:ip:<ip>', ...). Counting and recording an attempt
-- are one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so parallel requests cannot all read the old count.
CREATE TABLE "contadores_limite" (
	"clave" varchar(400) PRIMARY KEY NOT NULL,
	"cuenta" integer NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fin" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contadores_limite_fin_idx" ON "contadores_limite" USING btree ("fin");
--> statement-breakpoint
-- The attempt log it replaces: counting rows and then inserting one was the race.
DROP TABLE "intentos_login";
--> statement-breakpoint
-- A temporary password asked for through '¿Olvidaste tu Contraseña?': it takes the place of the current one,
-- and ends the user's sessions, only when it is first used to log in.
CREATE TABLE "restablecimientos_pendientes" (
	"usuario_id" integer PRIMARY KEY NOT NULL REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"password_hash" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The outbox: a transaction only inserts; a sender delivers after commit, with retries (estado, intentos,
-- proximo_intento, error, enviado_en). 'retenido': no SMTP server configured, kept for an administrator.
ALTER TABLE "correos_salientes"
	ADD COLUMN "estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	ADD COLUMN "intentos" smallint DEFAULT 0 NOT NULL,
	ADD COLUMN "proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	ADD COLUMN "enviado_en" timestamp with time zone,
	ADD CONSTRAINT "correos_salientes_estado_ck"
		CHECK ("estado" in ('pendiente', 'enviando', 'enviado', 'fallido', 'retenido'));
--> statement-breakpoint
UPDATE "correos_salientes" SET "estado" = CASE WHEN "enviado" THEN 'enviado' ELSE 'retenido' END;
--> statement-breakpoint
ALTER TABLE "correos_salientes" DROP COLUMN "enviado";
--> statement-breakpoint
CREATE INDEX "correos_salientes_por_enviar_idx" ON "correos_salientes" USING btree ("proximo_intento", "id")
	WHERE "estado" = 'pendiente';
