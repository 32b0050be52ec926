-- Configurations per environment, one kind each (issue 10). Ids are unique per environment across
-- kinds, because plugin entries point at configurations by id alone.
CREATE TABLE IF NOT EXISTS "configuration" (
    "environment_id" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT false,
    "activation" JSONB NOT NULL,
    "data" JSONB NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "configuration_pkey" PRIMARY KEY ("environment_id", "id"),
    CONSTRAINT "configuration_id_check" CHECK ("id" ~ '^[A-Za-z0-9_-]{1,36}$'),
    CONSTRAINT "configuration_description_check" CHECK (char_length("description") <= 100),
    -- the kinds registry (packages/domain/src/config/config-kinds.ts); a new kind adds a migration
    CONSTRAINT "configuration_kind_check" CHECK ("kind" IN (
        'ar', 'er', 'eoc', 'duel', 'ws', 'ds', 'build', 'break',
        'store-products', 'three4one-offer', '2o1-offer', 'snake-offer', 'progression-offer', 'comeback-offer',
        'event/gr', 'event/so', 'event/ce1', 'event/ce2', 'plugin/nuf')),
    -- data carries its kind (the discriminator of the domain schema): both must say the same
    CONSTRAINT "configuration_data_kind_check" CHECK (jsonb_typeof("data") = 'object' AND "data"->>'kind' = "kind"),
    CONSTRAINT "configuration_activation_check" CHECK (jsonb_typeof("activation") = 'object'),
    CONSTRAINT "configuration_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The foreign key ("environment_id") is covered by the primary key's leading column.

-- /api/config/{kind}/list (by id) and /list/recent (newest first).
CREATE INDEX IF NOT EXISTS "configuration_environment_id_kind_id_idx"
    ON "configuration"("environment_id", "kind", "id");
CREATE INDEX IF NOT EXISTS "configuration_environment_id_kind_modified_idx"
    ON "configuration"("environment_id", "kind", "modified" DESC);
