-- A run of the early warnings (issue 44) reaches the audit log like the warnings it stores: 'Auditoría' shows who
-- ran it (an administrator's 'Ejecutar ahora') or that the daily job did, when, and what it found.
CREATE TRIGGER ejecuciones_alertas_auditoria AFTER INSERT OR UPDATE OR DELETE ON ejecuciones_alertas
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
