CREATE TABLE "identidades_oidc" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"emisor" text NOT NULL,
	"sujeto" varchar(255) NOT NULL,
	"vinculada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "sid_oidc" text;--> statement-breakpoint
ALTER TABLE "identidades_oidc" ADD CONSTRAINT "identidades_oidc_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identidades_oidc_emisor_sujeto_uq" ON "identidades_oidc" USING btree ("emisor","sujeto");--> statement-breakpoint
CREATE INDEX "sesiones_sid_oidc_idx" ON "sesiones" USING btree ("sid_oidc") WHERE "sesiones"."sid_oidc" is not null;