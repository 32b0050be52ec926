-- A publish builds from what changed (docs/decisions, "Publish from what changed"): every write to a
-- table the runtime content is built from logs which item it touched, in the writing transaction, so
-- the next publish re-reads those items only. Logged by the database, so no writer (service, seed,
-- transfer, test factory) can forget it; a change request's branch (an id holding '~cr-', a
-- character no environment id may hold) never publishes, so its writes are not logged.
CREATE TABLE IF NOT EXISTS "runtime_change" (
    "id" BIGSERIAL NOT NULL,
    "environment_id" TEXT NOT NULL,
    -- 'plugin' (its row or any of its entries), 'ab_test' (its row or a version), 'configuration', 'release'
    "kind" TEXT NOT NULL,
    "item_id" TEXT NOT NULL,
    CONSTRAINT "runtime_change_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "runtime_change_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "runtime_change_environment_id_idx" ON "runtime_change" ("environment_id");

-- TG_ARGV: the kind, and the column naming the item. Rows of an environment being deleted (its cascade)
-- are not logged: nothing will publish it again.
CREATE OR REPLACE FUNCTION "runtime_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'INSERT INTO "runtime_change" ("environment_id", "kind", "item_id")
       SELECT DISTINCT "environment_id", %L, %I::text FROM "new_rows" r
        WHERE "environment_id" NOT LIKE %L
          AND EXISTS (SELECT 1 FROM "environment" e WHERE e."id" = r."environment_id")',
      TG_ARGV[0], TG_ARGV[1], '%~cr-%');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'INSERT INTO "runtime_change" ("environment_id", "kind", "item_id")
       SELECT DISTINCT "environment_id", %L, %I::text FROM "old_rows" r
        WHERE "environment_id" NOT LIKE %L
          AND EXISTS (SELECT 1 FROM "environment" e WHERE e."id" = r."environment_id")',
      TG_ARGV[0], TG_ARGV[1], '%~cr-%');
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  source record;
BEGIN
  FOR source IN
    SELECT * FROM (VALUES ('configuration', 'configuration', 'id'),
                          ('ab_test', 'ab_test', 'id'),
                          ('ab_test_version', 'ab_test', 'ab_test_id'),
                          ('plugin', 'plugin', 'id'),
                          ('plugin_ab_test_entry', 'plugin', 'plugin_id'),
                          ('release_info', 'release', 'environment_id')) AS s("tbl", "kind", "col")
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', source.tbl || '_runtime_insert', source.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', source.tbl || '_runtime_update', source.tbl);
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', source.tbl || '_runtime_delete', source.tbl);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows"
       FOR EACH STATEMENT EXECUTE FUNCTION "runtime_change_log"(%L, %L)',
      source.tbl || '_runtime_insert', source.tbl, source.kind, source.col);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
       FOR EACH STATEMENT EXECUTE FUNCTION "runtime_change_log"(%L, %L)',
      source.tbl || '_runtime_update', source.tbl, source.kind, source.col);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows"
       FOR EACH STATEMENT EXECUTE FUNCTION "runtime_change_log"(%L, %L)',
      source.tbl || '_runtime_delete', source.tbl, source.kind, source.col);
  END LOOP;
END
$$;
