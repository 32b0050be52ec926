-- A revision stores what changed, not a copy of everything (docs/decisions.md, "Runtime revisions"):
-- each plugin, A/B-test and configuration of a revision's content, and its release info, is a part stored
-- once per environment by its hash; lists are trees of node parts (a node's child hashes are in
-- "children", its body is JSON null); the revision keeps a manifest naming each list's top. "refs"
-- counts the manifests and nodes naming a part, so pruning a revision deletes exactly the parts no kept
-- revision uses. "revision" is the revision that first wrote the part (what a publish stored).
CREATE TABLE IF NOT EXISTS "runtime_part" (
    "environment_id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "body" JSONB NOT NULL,
    "children" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "refs" INTEGER NOT NULL DEFAULT 0,
    "revision" INTEGER NOT NULL,
    CONSTRAINT "runtime_part_pkey" PRIMARY KEY ("environment_id", "hash"),
    CONSTRAINT "runtime_part_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

ALTER TABLE "runtime_revision" ADD COLUMN IF NOT EXISTS "manifest" JSONB;

-- Existing revisions: each item becomes a leaf part hashed by the database from its stored text (the
-- console hashes new parts from their stable JSON, so these are not shared with later revisions; a
-- hash names one body either way), and the manifest lists the leaves themselves (depth 0).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
              WHERE table_name = 'runtime_revision' AND column_name = 'content') THEN
    WITH "item" AS (
      SELECT r."environment_id", r."revision", l."list", i."ordinality", i."value",
             encode(sha256(convert_to(i."value"::text, 'UTF8')), 'hex') AS "hash"
        FROM "runtime_revision" r
       CROSS JOIN (VALUES ('plugins'), ('abTests'), ('configurations')) AS l("list")
       CROSS JOIN LATERAL jsonb_array_elements(r."content" -> l."list") WITH ORDINALITY AS i("value", "ordinality")
      UNION ALL
      SELECT r."environment_id", r."revision", 'release', 1, r."content" -> 'release',
             encode(sha256(convert_to((r."content" -> 'release')::text, 'UTF8')), 'hex')
        FROM "runtime_revision" r
    ), "parts" AS (
      INSERT INTO "runtime_part" ("environment_id", "hash", "body", "refs", "revision")
      SELECT "environment_id", "hash", (array_agg("value"))[1], count(*), min("revision")
        FROM "item" GROUP BY "environment_id", "hash"
      ON CONFLICT DO NOTHING
    ), "top" AS (
      SELECT "environment_id", "revision", "list",
             jsonb_build_object('depth', 0, 'parts', jsonb_agg("hash" ORDER BY "ordinality")) AS "top"
        FROM "item" WHERE "list" <> 'release' GROUP BY "environment_id", "revision", "list"
      UNION ALL
      SELECT "environment_id", "revision", 'release', to_jsonb("hash") FROM "item" WHERE "list" = 'release'
    ), "manifest" AS (
      SELECT "environment_id", "revision", jsonb_object_agg("list", "top") AS "manifest"
        FROM "top" GROUP BY "environment_id", "revision"
    )
    UPDATE "runtime_revision" r
       SET "manifest" = '{"plugins": {"depth": 0, "parts": []}, "abTests": {"depth": 0, "parts": []},
                          "configurations": {"depth": 0, "parts": []}}'::jsonb || m."manifest"
      FROM "manifest" m
     WHERE m."environment_id" = r."environment_id" AND m."revision" = r."revision";
    ALTER TABLE "runtime_revision" DROP COLUMN "content";
  END IF;
END $$;

ALTER TABLE "runtime_revision" ALTER COLUMN "manifest" SET NOT NULL;
