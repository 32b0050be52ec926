# The console's production image: built in one stage, run from another that holds only the built server,
# the built web app, the SQL migrations and the server's production dependencies.
#   docker build -t live-ops-console .
#   docker run -p 3000:3000 -e NODE_ENV=production -e DATABASE_URL=postgresql://... -e SESSION_SECRET=... \
#     -e ADMIN_EMAILS=... -e PUBLIC_URL=https://... -e OIDC_ISSUER_URL=... -e OIDC_CLIENT_ID=... \
#     -e OIDC_CLIENT_SECRET=... live-ops-console
# Node 24 is the LTS the project recommends; NODE_IMAGE=node:22-bookworm-slim builds on 22.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first: the install layer is reused until a dependency changes. Every workspace is listed.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/runtime-client/package.json packages/runtime-client/
COPY packages/runtime-spec/package.json packages/runtime-spec/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/e2e/package.json apps/e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx turbo run build --filter=@console/server --filter=@console/web --output-logs=errors-only

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/runtime-client/package.json packages/runtime-client/
COPY packages/runtime-spec/package.json packages/runtime-spec/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/e2e/package.json apps/e2e/
# Production dependencies only. Optional ones are left out too: npm keeps a dev tool that is also an
# optional peer of a dependency (the prisma CLI, TypeScript), and the embedded PostgreSQL's binaries are
# optional: the image serves a PostgreSQL given by DATABASE_URL.
RUN npm ci --omit=dev --omit=optional --workspace @console/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY prisma/migrations prisma/migrations
# The official image's unprivileged user; the console writes nothing to its own files.
USER node
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# Ready means the database answers: an orchestrator stops routing to a replica that lost it.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations are applied at start (under an advisory lock, so replicas may start together);
# `node apps/server/dist/migrate.js` applies them alone.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
