-- A/B-tests and their versions, per environment (issue 5).
CREATE TABLE IF NOT EXISTS "ab_test" (
    "environment_id" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "type" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "case_descriptions" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "segment" JSONB NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "ab_test_pkey" PRIMARY KEY ("environment_id", "id"),
    CONSTRAINT "ab_test_id_check" CHECK ("id" ~ '^[A-Za-z0-9_-]{1,36}$'),
    CONSTRAINT "ab_test_description_check" CHECK (char_length("description") <= 100),
    CONSTRAINT "ab_test_type_check" CHECK ("type" IN (0, 10, 20)),
    CONSTRAINT "ab_test_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX IF NOT EXISTS "ab_test_environment_id_modified_idx" ON "ab_test"("environment_id", "modified" DESC);

CREATE TABLE IF NOT EXISTS "ab_test_version" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "cases" INTEGER[] NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL,
    CONSTRAINT "ab_test_version_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version"),
    CONSTRAINT "ab_test_version_version_check" CHECK ("version" >= 0),
    -- spec: weights are whole numbers >= 0 totalling 1,000,000 (the total is checked by the server)
    CONSTRAINT "ab_test_version_cases_check" CHECK (
        cardinality("cases") BETWEEN 1 AND 100 AND 0 <= ALL("cases") AND array_position("cases", NULL) IS NULL),
    CONSTRAINT "ab_test_version_ab_test_fkey" FOREIGN KEY ("environment_id", "ab_test_id")
        REFERENCES "ab_test"("environment_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The foreign key ("environment_id", "ab_test_id") is covered by the primary key's leading columns.
