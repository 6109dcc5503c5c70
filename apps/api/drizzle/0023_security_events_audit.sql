-- Staff's resets of a second factor and ends of someone's sessions reach the audit log, reason included, so
-- 'Auditoría' lists them beside every other change (decision record 018).
CREATE TRIGGER eventos_seguridad_auditoria AFTER INSERT OR UPDATE OR DELETE ON eventos_seguridad
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
