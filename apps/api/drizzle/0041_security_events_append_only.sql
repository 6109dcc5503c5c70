-- Issue 41: eventos_seguridad is now the identity log itself (every sign-in and its refusals, lockouts, a
-- second factor turned on, removed or reset, a recovery code used, sessions ended): no row of it ever changes
-- or goes, for the owner too (the app role has no UPDATE or DELETE on it either, decision 017). It is its own
-- log with its own actor column, so the audit trigger stops copying each row into auditoria, where every
-- sign-in would otherwise bury the changes staff look for (docs/decisions/027-security-events.md).
DROP TRIGGER eventos_seguridad_auditoria ON eventos_seguridad;
--> statement-breakpoint
CREATE TRIGGER eventos_seguridad_solo_agregar BEFORE UPDATE OR DELETE ON eventos_seguridad
FOR EACH ROW EXECUTE FUNCTION solo_agregar();
