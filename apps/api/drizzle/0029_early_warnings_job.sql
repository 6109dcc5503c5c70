-- The early warnings' daily job (issue 30) has its row from the start, so a process takes it by updating that
-- row under FOR UPDATE SKIP LOCKED: with several API processes, one runs it.
INSERT INTO trabajos_programados (nombre) VALUES ('alertas-tempranas');
--> statement-breakpoint
-- A warning found (and mailed) reaches the audit log, so 'Auditoría' shows when the system told a student.
CREATE TRIGGER alertas_academicas_auditoria AFTER INSERT OR UPDATE OR DELETE ON alertas_academicas
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
