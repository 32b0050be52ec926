-- "In use" kept by the database (docs/decisions, "In use"): a configuration is in use while some plugin
-- entry, active set or draft, holds it. The searches sort and filter by it from an index of
-- (environment, kind, in use, id), so a page reads its own rows only, instead of every entry's ids.
-- Written by triggers in the writing transaction, as runtime_change is, so no writer (service, seed,
-- transfer, change request branch, test factory) can forget it.
--
-- One row per id that a configuration has or an entry holds: `kind` is the configuration's (NULL while
-- no configuration has the id), `uses` the number of entries holding it. Every writer changes a row by
-- one upsert in id order that adds to `uses` or sets `kind` on the row's newest version, under its row
-- lock, so concurrent writers add up instead of overwriting each other, and never wait in a cycle.
-- Nothing else locks these rows, so the lock protocol (db/lock-protocol.ts) is untouched.
CREATE TABLE IF NOT EXISTS "configuration_use" (
    "environment_id" TEXT NOT NULL,
    "configuration_id" TEXT NOT NULL,
    "kind" TEXT,
    "uses" INTEGER NOT NULL DEFAULT 0,
    "in_use" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "configuration_use_pkey" PRIMARY KEY ("environment_id", "configuration_id"),
    CONSTRAINT "configuration_use_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "configuration_use_environment_id_kind_in_use_configuration_id_idx"
    ON "configuration_use" ("environment_id", "kind", "in_use", "configuration_id");
CREATE INDEX IF NOT EXISTS "configuration_use_environment_id_in_use_configuration_id_idx"
    ON "configuration_use" ("environment_id", "in_use", "configuration_id");

-- The entries' writes: per (environment, id), the entries holding it after the statement minus before
-- (each entry once, '' is no choice). Rows of an environment being deleted (its cascade) are left to it.
CREATE OR REPLACE FUNCTION "configuration_use_add"(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "configuration_use" AS u ("environment_id", "configuration_id", "uses", "in_use")
  SELECT d."environment_id", d."configuration_id", d."delta", d."delta" > 0
    FROM jsonb_to_recordset(changes) AS d("environment_id" text, "configuration_id" text, "delta" int)
   WHERE d."delta" <> 0 AND EXISTS (SELECT 1 FROM "environment" e WHERE e."id" = d."environment_id")
   ORDER BY d."environment_id", d."configuration_id"
  ON CONFLICT ("environment_id", "configuration_id") DO UPDATE
     SET "uses" = u."uses" + EXCLUDED."uses", "in_use" = u."uses" + EXCLUDED."uses" > 0;
  DELETE FROM "configuration_use" u
   USING jsonb_to_recordset(changes) AS d("environment_id" text, "configuration_id" text, "delta" int)
   WHERE u."environment_id" = d."environment_id" AND u."configuration_id" = d."configuration_id"
     AND u."kind" IS NULL AND u."uses" <= 0;
$$;

CREATE OR REPLACE FUNCTION "configuration_use_of_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT n."environment_id", c."configuration_id", count(*)::int AS "delta"
        FROM "new_rows" n CROSS JOIN LATERAL (SELECT DISTINCT unnest(n."configurations") AS "configuration_id") c
       WHERE c."configuration_id" <> '' GROUP BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT o."environment_id", c."configuration_id", -count(*)::int AS "delta"
        FROM "old_rows" o CROSS JOIN LATERAL (SELECT DISTINCT unnest(o."configurations") AS "configuration_id") c
       WHERE c."configuration_id" <> '' GROUP BY 1, 2) d;
  ELSE
    SELECT jsonb_agg(d) INTO changes FROM (
      SELECT "environment_id", "configuration_id", sum("delta")::int AS "delta" FROM (
        SELECT n."environment_id", c."configuration_id", 1 AS "delta"
          FROM "new_rows" n CROSS JOIN LATERAL (SELECT DISTINCT unnest(n."configurations") AS "configuration_id") c
        UNION ALL
        SELECT o."environment_id", c."configuration_id", -1
          FROM "old_rows" o CROSS JOIN LATERAL (SELECT DISTINCT unnest(o."configurations") AS "configuration_id") c
      ) AS held WHERE "configuration_id" <> '' GROUP BY 1, 2 HAVING sum("delta") <> 0) d;
  END IF;
  IF changes IS NOT NULL THEN PERFORM "configuration_use_add"(changes); END IF;
  RETURN NULL;
END
$$;

-- The configurations' writes: the kind of each id a configuration has now (NULL once none has it).
-- An update that keeps every row's id and kind (a save) writes nothing.
CREATE OR REPLACE FUNCTION "configuration_use_of_configurations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(d) INTO kinds FROM (
      SELECT n."environment_id", n."id" AS "configuration_id", n."kind" FROM "new_rows" n) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(d) INTO kinds FROM (
      SELECT o."environment_id", o."id" AS "configuration_id", NULL::text AS "kind" FROM "old_rows" o) d;
  ELSE
    SELECT jsonb_agg(d) INTO kinds FROM (
      SELECT n."environment_id", n."id" AS "configuration_id", n."kind" FROM "new_rows" n
      EXCEPT SELECT o."environment_id", o."id", o."kind" FROM "old_rows" o
      UNION
      (SELECT o."environment_id", o."id", NULL::text FROM "old_rows" o
        EXCEPT SELECT n."environment_id", n."id", NULL::text FROM "new_rows" n)) d;
  END IF;
  IF kinds IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "configuration_use" AS u ("environment_id", "configuration_id", "kind")
  SELECT d."environment_id", d."configuration_id", d."kind"
    FROM jsonb_to_recordset(kinds) AS d("environment_id" text, "configuration_id" text, "kind" text)
   WHERE EXISTS (SELECT 1 FROM "environment" e WHERE e."id" = d."environment_id")
   ORDER BY d."environment_id", d."configuration_id"
  ON CONFLICT ("environment_id", "configuration_id") DO UPDATE SET "kind" = EXCLUDED."kind";
  DELETE FROM "configuration_use" u
   USING jsonb_to_recordset(kinds) AS d("environment_id" text, "configuration_id" text, "kind" text)
   WHERE u."environment_id" = d."environment_id" AND u."configuration_id" = d."configuration_id"
     AND u."kind" IS NULL AND u."uses" <= 0;
  RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS "plugin_ab_test_entry_use_insert" ON "plugin_ab_test_entry";
DROP TRIGGER IF EXISTS "plugin_ab_test_entry_use_update" ON "plugin_ab_test_entry";
DROP TRIGGER IF EXISTS "plugin_ab_test_entry_use_delete" ON "plugin_ab_test_entry";
CREATE TRIGGER "plugin_ab_test_entry_use_insert" AFTER INSERT ON "plugin_ab_test_entry"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_entries"();
CREATE TRIGGER "plugin_ab_test_entry_use_update" AFTER UPDATE ON "plugin_ab_test_entry"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_entries"();
CREATE TRIGGER "plugin_ab_test_entry_use_delete" AFTER DELETE ON "plugin_ab_test_entry"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_entries"();

DROP TRIGGER IF EXISTS "configuration_use_insert" ON "configuration";
DROP TRIGGER IF EXISTS "configuration_use_update" ON "configuration";
DROP TRIGGER IF EXISTS "configuration_use_delete" ON "configuration";
CREATE TRIGGER "configuration_use_insert" AFTER INSERT ON "configuration"
    REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_configurations"();
CREATE TRIGGER "configuration_use_update" AFTER UPDATE ON "configuration"
    REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
    FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_configurations"();
CREATE TRIGGER "configuration_use_delete" AFTER DELETE ON "configuration"
    REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "configuration_use_of_configurations"();

-- What the environments hold now: written after the triggers, whose locks keep writers out until the
-- migration commits, so nothing is counted twice or missed.
INSERT INTO "configuration_use" ("environment_id", "configuration_id", "kind", "uses", "in_use")
SELECT coalesce(c."environment_id", h."environment_id"), coalesce(c."id", h."configuration_id"), c."kind",
       coalesce(h."uses", 0), coalesce(h."uses", 0) > 0
  FROM "configuration" c
  FULL JOIN (
    SELECT e."environment_id", u."configuration_id", count(*)::int AS "uses"
      FROM "plugin_ab_test_entry" e
      CROSS JOIN LATERAL (SELECT DISTINCT unnest(e."configurations") AS "configuration_id") u
     WHERE u."configuration_id" <> '' GROUP BY 1, 2
  ) h ON h."environment_id" = c."environment_id" AND h."configuration_id" = c."id"
ON CONFLICT DO NOTHING;
