-- Hand-ins (issue 46) are audited like the scores beside them: every upload (a version and its files), each
-- feedback written. The stored contents (archivos_contenido, archivos_partes) are not: their rows hold bytes,
-- and the rows that name them are logged.
CREATE TRIGGER entregas_auditoria AFTER INSERT OR UPDATE OR DELETE ON entregas
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER entregas_versiones_auditoria AFTER INSERT OR UPDATE OR DELETE ON entregas_versiones
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER entregas_archivos_auditoria AFTER INSERT OR UPDATE OR DELETE ON entregas_archivos
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
