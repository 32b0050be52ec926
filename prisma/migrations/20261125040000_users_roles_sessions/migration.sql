-- Roles, users and server-side sessions (issue 14).

-- Environments can be protected: only admins change anything there. prod is by default.
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "is_protected" BOOLEAN NOT NULL DEFAULT false;
UPDATE "environment" SET "is_protected" = true WHERE "id" = 'prod';

-- Everyone who signed in. "role" is console-wide: global calls, and environments without a role of
-- their own. Admins through ADMIN_EMAILS are not marked here: the configuration says so at run time.
CREATE TABLE IF NOT EXISTS "console_user" (
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "console_user_pkey" PRIMARY KEY ("email"),
    CONSTRAINT "console_user_role_check" CHECK ("role" IN ('viewer', 'operator', 'admin'))
);

-- A user's role in one environment, overriding the console-wide one there.
CREATE TABLE IF NOT EXISTS "user_role" (
    "email" TEXT NOT NULL,
    "environment_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    CONSTRAINT "user_role_pkey" PRIMARY KEY ("email", "environment_id"),
    CONSTRAINT "user_role_role_check" CHECK ("role" IN ('viewer', 'operator', 'admin')),
    CONSTRAINT "user_role_email_fkey" FOREIGN KEY ("email")
        REFERENCES "console_user"("email") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "user_role_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "user_role_environment_id_idx" ON "user_role"("environment_id");

-- A session: the cookie carries a random id; only its SHA-256 is kept. Ended by deleting the row.
CREATE TABLE IF NOT EXISTS "session" (
    "id_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "session_pkey" PRIMARY KEY ("id_hash"),
    CONSTRAINT "session_email_fkey" FOREIGN KEY ("email")
        REFERENCES "console_user"("email") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "session_email_idx" ON "session"("email");
