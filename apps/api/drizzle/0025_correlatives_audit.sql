-- Custom SQL migration file, put your code below! ---- Correlatives and their exceptions are audited like the malla they belong to (issue 29): who changed a
-- subject's list, who waived a student's correlatives and why. The correlatives' key is the subject whose list it is.
CREATE TRIGGER correlativas_auditoria AFTER INSERT OR UPDATE OR DELETE ON correlativas
FOR EACH ROW EXECUTE FUNCTION audit_log_change('materia_malla_id');
--> statement-breakpoint
CREATE TRIGGER excepciones_correlativa_auditoria AFTER INSERT OR UPDATE OR DELETE ON excepciones_correlativa
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
