-- spec (issue 14): the audit log cannot be rewritten. Rows of audit_entry are only ever inserted; the
-- database itself refuses UPDATE and DELETE, whoever sends them. Deleting an environment that has audit
-- entries is refused too (its ON DELETE CASCADE would delete them): the console never deletes
-- environments (docs/decisions.md, "Request hardening").
CREATE OR REPLACE FUNCTION refuse_audit_entry_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit entries cannot be changed or deleted (% of audit entry %)', TG_OP, OLD.id
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

DROP TRIGGER IF EXISTS audit_entry_append_only ON audit_entry;
CREATE TRIGGER audit_entry_append_only
  BEFORE UPDATE OR DELETE ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_entry_change();
