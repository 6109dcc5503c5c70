CREATE TABLE "calendario_clave" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"clave" varchar(64) NOT NULL,
	CONSTRAINT "calendario_clave_una_ck" CHECK ("calendario_clave"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "calendario_enlaces" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendario_enlaces_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "calendario_eventos" (
	"uid" varchar(80) PRIMARY KEY NOT NULL,
	"digesto" varchar(64) NOT NULL,
	"secuencia" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendario_eventos_secuencia_ck" CHECK ("calendario_eventos"."secuencia" >= 0)
);
--> statement-breakpoint
ALTER TABLE "calendario_enlaces" ADD CONSTRAINT "calendario_enlaces_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;