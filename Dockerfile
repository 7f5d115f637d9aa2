# syntax=docker/dockerfile:1
# The shop server image: built with every dependency in one stage, run from a slim Node LTS stage that
# holds only the production dependencies and the built files (server bundle, migrations, web app).
# `docker build .` gives the server (the last stage); `--target backup` adds the PostgreSQL client
# tools for the scheduled backup service. compose.yaml builds both.

ARG NODE_IMAGE=node:22-trixie-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# npm ci needs the manifest of every workspace the lock file names.
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM base AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM base AS deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json package.json
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
WORKDIR /app/apps/server
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# pg_dump and pg_restore for `backup --schedule` against PostgreSQL (trixie's client is version 17).
FROM app AS backup
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /backups && chown node:node /backups
USER node
HEALTHCHECK NONE
CMD ["node", "dist/backup-cli.mjs", "backup", "--schedule"]

FROM app AS server
USER node
CMD ["node", "dist/main.mjs"]
