-- Custom SQL migration file, put your code below! ---- Rooms and the academic calendar are audited like the other catalogues (issue 45): who added a room or a
-- holiday, who changed or removed it. A day without classes is kept under its period's key.
CREATE TRIGGER aulas_auditoria AFTER INSERT OR UPDATE OR DELETE ON aulas
FOR EACH ROW EXECUTE FUNCTION audit_log_change();
--> statement-breakpoint
CREATE TRIGGER dias_sin_clases_auditoria AFTER INSERT OR UPDATE OR DELETE ON dias_sin_clases
FOR EACH ROW EXECUTE FUNCTION audit_log_change('periodo_id');
