-- The binding of a user to the provider's account (issue 41) is audited like the user it belongs to: who
-- bound it (the user's own first institutional sign-in) and who removed it (staff), with when.
CREATE TRIGGER identidades_oidc_auditoria AFTER INSERT OR UPDATE OR DELETE ON identidades_oidc
FOR EACH ROW EXECUTE FUNCTION audit_log_change('usuario_id');
