-- A tamper-evident audit log (docs/decisions.md, Audit Log, "Sealed chain"). Entries are written by
-- audit_append(), run as the owner; at commit each is sealed: given the next position of its chain
-- (its environment's, or the console-wide one) and a SHA-256 over its content, its position and the
-- previous seal's hash. Seals and chain heads belong to the owner: the serving role cannot read or
-- write them, so an entry it inserts by any other path has no seal, and audit_verify() names it, as it
-- names an entry changed or deleted after it was sealed.

-- A console-wide change (a console role, a removal, a sign-in) is one entry without an environment,
-- found newest first by the (environment_id, id DESC) index as an environment's are (IS NULL).
ALTER TABLE "audit_entry" ALTER COLUMN "environment_id" DROP NOT NULL;

-- One seal per entry (no foreign key: the seal of a deleted entry stays, to name it). Chain '' is the
-- console-wide chain. position, previous_hash and hash are filled at commit.
CREATE TABLE IF NOT EXISTS "audit_seal" (
    "entry_id" INTEGER NOT NULL,
    "chain" TEXT NOT NULL,
    "position" BIGINT,
    "previous_hash" TEXT,
    "hash" TEXT,
    CONSTRAINT "audit_seal_pkey" PRIMARY KEY ("entry_id")
);
CREATE UNIQUE INDEX IF NOT EXISTS "audit_seal_chain_position_key" ON "audit_seal"("chain", "position");

-- The last seal of each chain: what the next one follows, and what shows entries missing at the end.
CREATE TABLE IF NOT EXISTS "audit_chain_head" (
    "chain" TEXT NOT NULL,
    "position" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("chain")
);

-- The seal's hash: every column of the entry, with its place in the chain.
CREATE OR REPLACE FUNCTION audit_entry_hash(entry audit_entry, chain text, chain_position bigint, previous_hash text)
RETURNS text LANGUAGE sql STABLE SET search_path = pg_catalog, public AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    chain, chain_position, previous_hash, entry.id, entry.environment_id, entry.action, entry.target,
    entry.email, (extract(epoch FROM entry.created) * 1000)::bigint, entry.attributes)::text, 'UTF8')), 'hex')
$$;

-- Entries written before the chain: sealed as they stand, in id order.
DO $$
DECLARE
  entry audit_entry;
  entry_chain text;
  head_position bigint;
  head_hash text;
  next_hash text;
BEGIN
  FOR entry IN SELECT * FROM audit_entry e WHERE NOT EXISTS (SELECT 1 FROM audit_seal s WHERE s.entry_id = e.id)
               ORDER BY e.id LOOP
    entry_chain := coalesce(entry.environment_id, '');
    SELECT h.position, h.hash INTO head_position, head_hash FROM audit_chain_head h WHERE h.chain = entry_chain;
    IF NOT FOUND THEN
      head_position := 0;
      head_hash := '';
      INSERT INTO audit_chain_head (chain, position, hash) VALUES (entry_chain, 0, '');
    END IF;
    next_hash := audit_entry_hash(entry, entry_chain, head_position + 1, head_hash);
    INSERT INTO audit_seal (entry_id, chain, position, previous_hash, hash)
      VALUES (entry.id, entry_chain, head_position + 1, head_hash, next_hash);
    UPDATE audit_chain_head SET position = head_position + 1, hash = next_hash WHERE chain = entry_chain;
  END LOOP;
END;
$$;

-- At commit, after every other statement of the transaction: the chain's head is locked only from
-- here to the end of the commit, so writers of one chain wait for each other that long and no more,
-- and never while holding the other locks a change takes.
CREATE OR REPLACE FUNCTION audit_seal_at_commit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  entry audit_entry;
  head_position bigint;
  head_hash text;
  next_hash text;
BEGIN
  PERFORM 1 FROM audit_seal WHERE entry_id = NEW.entry_id AND hash IS NULL;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO audit_chain_head (chain, position, hash) VALUES (NEW.chain, 0, '') ON CONFLICT (chain) DO NOTHING;
  SELECT h.position, h.hash INTO head_position, head_hash FROM audit_chain_head h WHERE h.chain = NEW.chain FOR UPDATE;
  SELECT * INTO entry FROM audit_entry WHERE id = NEW.entry_id;
  next_hash := audit_entry_hash(entry, NEW.chain, head_position + 1, head_hash);
  UPDATE audit_seal SET position = head_position + 1, previous_hash = head_hash, hash = next_hash
   WHERE entry_id = NEW.entry_id;
  UPDATE audit_chain_head SET position = head_position + 1, hash = next_hash WHERE chain = NEW.chain;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS audit_seal_at_commit ON audit_seal;
CREATE CONSTRAINT TRIGGER audit_seal_at_commit AFTER INSERT ON audit_seal
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_seal_at_commit();

-- The console's one way to write audit entries: a JSON array of {environment, email, action, target,
-- attributes}, written in that order; answers their ids in that order. The seals are inserted in
-- chain order, so a transaction writing in several chains locks their heads in one order.
CREATE OR REPLACE FUNCTION audit_append(entries jsonb) RETURNS SETOF integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  item jsonb;
  new_id integer;
  ids integer[] := '{}';
BEGIN
  FOR item IN SELECT value FROM jsonb_array_elements(entries) WITH ORDINALITY ORDER BY ordinality LOOP
    INSERT INTO audit_entry (environment_id, email, action, target, attributes)
      VALUES (item ->> 'environment', item ->> 'email', item ->> 'action', item ->> 'target',
              coalesce(item -> 'attributes', '{}'::jsonb))
      RETURNING id INTO new_id;
    ids := ids || new_id;
  END LOOP;
  INSERT INTO audit_seal (entry_id, chain)
    SELECT e.id, coalesce(e.environment_id, '') FROM audit_entry e WHERE e.id = ANY(ids)
     ORDER BY coalesce(e.environment_id, ''), e.id;
  RETURN QUERY SELECT unnest(ids);
END;
$$;

-- What does not hold in the log, one row per finding:
-- inserted: an entry without a seal (not written by audit_append);
-- changed: a sealed entry whose content, or whose seal, no longer hashes to what was sealed;
-- missing: a sealed entry that is gone (entry_id given), or chain positions with no seal left
--          (first_position..last_position, between after_entry and before_entry).
CREATE OR REPLACE FUNCTION audit_verify()
RETURNS TABLE (kind text, entry_id integer, environment text, first_position bigint, last_position bigint,
               after_entry integer, before_entry integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  WITH seals AS (
    SELECT s.entry_id, s.chain, s.position, s.previous_hash, s.hash, e.id IS NOT NULL AS is_present,
           s.hash IS NOT NULL AND e.id IS NOT NULL
             AND s.chain = coalesce(e.environment_id, '')
             AND s.hash = audit_entry_hash(e, s.chain, s.position, s.previous_hash) AS is_intact,
           lag(s.position) OVER chain_order AS previous_position,
           lag(s.hash) OVER chain_order AS previous_seal_hash,
           lag(s.entry_id) OVER chain_order AS previous_entry
      FROM audit_seal s LEFT JOIN audit_entry e ON e.id = s.entry_id
    WINDOW chain_order AS (PARTITION BY s.chain ORDER BY s.position)
  ),
  lasts AS (
    SELECT DISTINCT ON (chain) chain, position, entry_id FROM seals ORDER BY chain, position DESC
  )
  SELECT 'inserted', e.id, e.environment_id, NULL::bigint, NULL::bigint, NULL::integer, NULL::integer
    FROM audit_entry e WHERE NOT EXISTS (SELECT 1 FROM audit_seal s WHERE s.entry_id = e.id)
  UNION ALL
  SELECT 'changed', entry_id, nullif(chain, ''), position, position, NULL, NULL FROM seals
   WHERE is_present AND (NOT is_intact
          OR (previous_position = position - 1 AND previous_hash IS DISTINCT FROM previous_seal_hash)
          OR (position = 1 AND previous_hash <> ''))
  UNION ALL
  SELECT 'missing', entry_id, nullif(chain, ''), position, position, NULL, NULL FROM seals WHERE NOT is_present
  UNION ALL
  SELECT 'missing', NULL, nullif(chain, ''), coalesce(previous_position, 0) + 1, position - 1, previous_entry, entry_id
    FROM seals WHERE position > coalesce(previous_position, 0) + 1
  UNION ALL
  SELECT 'missing', NULL, nullif(h.chain, ''), coalesce(l.position, 0) + 1, h.position, l.entry_id, NULL
    FROM audit_chain_head h LEFT JOIN lasts l ON l.chain = h.chain
   WHERE h.position > coalesce(l.position, 0)
  ORDER BY 2 NULLS LAST, 4
$$;

-- spec: role changes are audited. A change of who may act (a user created at sign-in, a role, a
-- removal) commits only with its audit entry, written through audit_append in the same transaction and
-- saying what the change did: the role it gave, where. Checked at commit, before the seals (still
-- unsealed then, and visible to this transaction only).
CREATE OR REPLACE FUNCTION audit_require_role_entry() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  subject text;
BEGIN
  -- Each case reads only the fields its table and operation have.
  IF TG_TABLE_NAME = 'console_user' AND TG_OP = 'INSERT' THEN
    subject := NEW.email;
    PERFORM 1 FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
      WHERE s.hash IS NULL AND e.target = subject AND e.action = 'auth.sign-in'
        AND e.attributes ->> 'role' = NEW.role;
  ELSIF TG_TABLE_NAME = 'console_user' AND TG_OP = 'UPDATE' THEN
    subject := NEW.email;
    PERFORM 1 FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
      WHERE s.hash IS NULL AND e.target = subject AND e.action = 'user.role.set' AND e.environment_id IS NULL
        AND e.attributes ->> 'scope' = 'console' AND e.attributes ->> 'role' = NEW.role;
  ELSIF TG_TABLE_NAME = 'console_user' THEN
    subject := OLD.email;
    PERFORM 1 FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
      WHERE s.hash IS NULL AND e.target = subject AND e.action = 'user.remove'
        AND e.attributes ->> 'role' = OLD.role;
  ELSIF TG_OP = 'DELETE' THEN
    subject := OLD.email;
    PERFORM 1 FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
      WHERE s.hash IS NULL AND e.target = subject
        AND (e.action = 'user.remove'
             OR (e.action = 'user.role.set' AND e.environment_id = OLD.environment_id
                 AND e.attributes ->> 'scope' = 'environment' AND e.attributes -> 'role' = 'null'::jsonb));
  ELSE
    subject := NEW.email;
    PERFORM 1 FROM audit_seal s JOIN audit_entry e ON e.id = s.entry_id
      WHERE s.hash IS NULL AND e.target = subject AND e.action = 'user.role.set'
        AND e.environment_id = NEW.environment_id
        AND e.attributes ->> 'scope' = 'environment' AND e.attributes ->> 'role' = NEW.role;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'roles change only with their audit entry (% of % on %)', TG_OP, subject, TG_TABLE_NAME
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS console_user_created_or_removed_audited ON console_user;
CREATE CONSTRAINT TRIGGER console_user_created_or_removed_audited AFTER INSERT OR DELETE ON console_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_require_role_entry();
DROP TRIGGER IF EXISTS console_user_role_audited ON console_user;
CREATE CONSTRAINT TRIGGER console_user_role_audited AFTER UPDATE OF role, email ON console_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION audit_require_role_entry();
DROP TRIGGER IF EXISTS user_role_audited ON user_role;
CREATE CONSTRAINT TRIGGER user_role_audited AFTER INSERT OR UPDATE OR DELETE ON user_role
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_require_role_entry();

-- Only the serving role may call these (db/database-roles.ts grants it), nobody else by default.
REVOKE ALL ON FUNCTION audit_append(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION audit_verify() FROM PUBLIC;
REVOKE ALL ON FUNCTION audit_entry_hash(audit_entry, text, bigint, text) FROM PUBLIC;
