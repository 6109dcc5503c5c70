ALTER TABLE "sesiones" ADD COLUMN "id_token_oidc" text;--> statement-breakpoint
ALTER TABLE "desafios_mfa" ADD COLUMN "id_token_oidc" text;