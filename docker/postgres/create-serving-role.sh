#!/bin/sh
# Runs once, when the postgres service initialises an empty data volume (docker-entrypoint-initdb.d).
# POSTGRES_USER (console_owner) owns the database and runs the migrations; the console serves as
# console_app, which owns nothing: the console grants it the application's tables at each start and
# refuses to serve as a role that could rewrite the audit log (README, "Database roles").
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set=password="$CONSOLE_APP_PASSWORD" <<'SQL'
CREATE ROLE console_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
  PASSWORD :'password';
SQL
