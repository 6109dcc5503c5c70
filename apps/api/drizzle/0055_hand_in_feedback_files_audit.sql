-- The file a professor gives back with the feedback (issue 46) is audited like the feedback text beside it
-- (entregas, 0048): who gave which file (name and SHA-256) back, when, and what it replaced.
CREATE TRIGGER devoluciones_archivos_auditoria AFTER INSERT OR UPDATE OR DELETE ON devoluciones_archivos
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
