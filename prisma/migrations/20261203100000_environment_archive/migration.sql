-- An archived environment (docs/decisions.md, Environments and Transfer, "Archived environments"):
-- kept with its content, out of the menus, its runtime keys refused; restoring clears both columns.
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "archived" TIMESTAMPTZ(3);
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "archived_by" TEXT;
