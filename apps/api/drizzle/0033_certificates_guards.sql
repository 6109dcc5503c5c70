-- Issue 30: an issued certificate never changes. Its issue is audited like every write that matters, and
-- no UPDATE or DELETE reaches it (not even by hand in SQL): a correction is a new certificate naming the
-- one it replaces.
CREATE FUNCTION certificados_solo_agregar() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'Un certificado emitido no puede modificarse ni borrarse';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER certificados_solo_agregar BEFORE UPDATE OR DELETE ON certificados
FOR EACH ROW EXECUTE FUNCTION certificados_solo_agregar();
--> statement-breakpoint
CREATE TRIGGER certificados_auditoria AFTER INSERT ON certificados
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
