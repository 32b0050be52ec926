-- Operations: release information, NICE settings, compensation grants and player progressions, per environment.
CREATE TABLE IF NOT EXISTS "release_info" (
    "environment_id" TEXT NOT NULL,
    "next_release_time" TIMESTAMPTZ(3),
    "max_level" INTEGER NOT NULL DEFAULT 1,
    "next_max_level" INTEGER NOT NULL DEFAULT 1,
    "remind_version" TEXT NOT NULL DEFAULT '0.0.0',
    "minimum_version" TEXT NOT NULL DEFAULT '0.0.0',
    "key_value" TEXT NOT NULL DEFAULT '',
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "release_info_pkey" PRIMARY KEY ("environment_id"),
    CONSTRAINT "release_info_levels_check" CHECK ("max_level" >= 1 AND "next_max_level" >= 1),
    CONSTRAINT "release_info_text_length_check" CHECK (
        char_length("remind_version") <= 36 AND char_length("minimum_version") <= 36
        AND char_length("key_value") <= 36),
    CONSTRAINT "release_info_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE IF NOT EXISTS "nice_config" (
    "environment_id" TEXT NOT NULL,
    "auth_token" TEXT NOT NULL DEFAULT '',
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "nice_config_pkey" PRIMARY KEY ("environment_id"),
    CONSTRAINT "nice_config_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE IF NOT EXISTS "compensation_grant" (
    "id" SERIAL NOT NULL,
    "environment_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "item" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "collected" TIMESTAMPTZ(3),
    CONSTRAINT "compensation_grant_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "compensation_grant_amount_check" CHECK ("amount" >= 1),
    CONSTRAINT "compensation_grant_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX IF NOT EXISTS "compensation_grant_environment_id_user_id_idx"
    ON "compensation_grant"("environment_id", "user_id");

CREATE TABLE IF NOT EXISTS "player_progression" (
    "environment_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "level" INTEGER NOT NULL,
    "eoc" INTEGER NOT NULL,
    "streak" INTEGER NOT NULL,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL,
    CONSTRAINT "player_progression_pkey" PRIMARY KEY ("environment_id", "user_id"),
    CONSTRAINT "player_progression_values_check" CHECK (
        "level" >= 1 AND "eoc" >= 0 AND "streak" BETWEEN 0 AND 4),
    CONSTRAINT "player_progression_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
