CREATE TABLE "codigos_recuperacion" (
	"usuario_id" integer NOT NULL,
	"codigo_hash" varchar(64) NOT NULL,
	CONSTRAINT "codigos_recuperacion_usuario_id_codigo_hash_pk" PRIMARY KEY("usuario_id","codigo_hash")
);
--> statement-breakpoint
CREATE TABLE "desafios_mfa" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desafios_mfa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"usuario_id" integer NOT NULL,
	"intentos" smallint DEFAULT 0 NOT NULL,
	"requiere_codigo" boolean DEFAULT true NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	CONSTRAINT "desafios_mfa_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "eventos_seguridad" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eventos_seguridad_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"actor_id" integer,
	"tipo" varchar(30) NOT NULL,
	"motivo" varchar(500),
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inicios_oidc" (
	"estado_hash" varchar(64) PRIMARY KEY NOT NULL,
	"verificador" varchar(128) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segundos_factores" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"secreto_cifrado" text NOT NULL,
	"activado_en" timestamp with time zone,
	"ultimo_paso" bigint,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "direccion" varchar(45);--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "agente_usuario" varchar(300);--> statement-breakpoint
ALTER TABLE "codigos_recuperacion" ADD CONSTRAINT "codigos_recuperacion_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desafios_mfa" ADD CONSTRAINT "desafios_mfa_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segundos_factores" ADD CONSTRAINT "segundos_factores_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desafios_mfa_expira_idx" ON "desafios_mfa" USING btree ("expira");--> statement-breakpoint
CREATE INDEX "eventos_seguridad_usuario_idx" ON "eventos_seguridad" USING btree ("usuario_id","fecha");--> statement-breakpoint
CREATE INDEX "inicios_oidc_expira_idx" ON "inicios_oidc" USING btree ("expira");