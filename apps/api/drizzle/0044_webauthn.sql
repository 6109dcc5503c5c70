CREATE TABLE "credenciales_webauthn" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credenciales_webauthn_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"credencial_id" varchar(1400) NOT NULL,
	"clave_publica" text NOT NULL,
	"contador" bigint DEFAULT 0 NOT NULL,
	"transportes" text[] DEFAULT '{}'::text[] NOT NULL,
	"nombre" varchar(60) NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone,
	CONSTRAINT "credenciales_webauthn_credencialId_unique" UNIQUE("credencial_id")
);
--> statement-breakpoint
CREATE TABLE "desafios_webauthn" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desafios_webauthn_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"proposito" varchar(20) NOT NULL,
	"desafio" varchar(100) NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	CONSTRAINT "desafios_webauthn_desafio_unique" UNIQUE("desafio"),
	CONSTRAINT "desafios_webauthn_proposito_check" CHECK ("desafios_webauthn"."proposito" in ('registro', 'ingreso', 'confirmacion'))
);
--> statement-breakpoint
ALTER TABLE "credenciales_webauthn" ADD CONSTRAINT "credenciales_webauthn_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desafios_webauthn" ADD CONSTRAINT "desafios_webauthn_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credenciales_webauthn_usuario_idx" ON "credenciales_webauthn" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "desafios_webauthn_expira_idx" ON "desafios_webauthn" USING btree ("expira");