# syntax=docker/dockerfile:1
# Byline worker: re-checks rel="me" proofs on a schedule (RECHECK_INTERVAL, RECHECK_GRACE, RECHECK_RETRY,
# WORKER_POLL_INTERVAL); serves only /healthz, /readyz and /metrics. Its workspace and the packages it imports (@byline/editorial, @byline/shared, @byline/http and theirs) only.
# Any number of replicas may run on one store: the claim store leases each proof to one checker at a time.
# Build from the repository root:  docker build -f docker/worker.Dockerfile -t byline/worker .
ARG NODE_IMAGE=node:24-bookworm-slim

# Manifests plus the toolchain better-sqlite3 needs to compile from source.
FROM ${NODE_IMAGE} AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false SCARF_ANALYTICS=false
# Only the root manifest, this service's and the packages it imports: the other workspaces never enter the image.
COPY package.json package-lock.json ./
# The root's install step (npm ci runs it): compiles better-sqlite3 only where no prebuilt binary fits.
COPY scripts/sqlite-binary.mjs scripts/
COPY packages/fetcher/package.json packages/fetcher/
COPY packages/domain/package.json packages/domain/
COPY packages/store-sqlite/package.json packages/store-sqlite/
COPY packages/store-mongodb/package.json packages/store-mongodb/
COPY packages/shared/package.json packages/shared/
COPY packages/http/package.json packages/http/
COPY packages/editorial/package.json packages/editorial/
COPY packages/worker/package.json packages/worker/

# Compile: every dependency of the three workspaces plus the root's dev tools (TypeScript).
FROM base AS build
RUN npm ci -w @byline/fetcher -w @byline/domain -w @byline/store-sqlite -w @byline/store-mongodb -w @byline/shared -w @byline/http -w @byline/editorial -w @byline/worker --include-workspace-root
COPY tsconfig.base.json ./
COPY packages/fetcher/ packages/fetcher/
COPY packages/domain/ packages/domain/
COPY packages/store-sqlite/ packages/store-sqlite/
COPY packages/store-mongodb/ packages/store-mongodb/
COPY packages/shared/ packages/shared/
COPY packages/http/ packages/http/
COPY packages/editorial/ packages/editorial/
COPY packages/worker/ packages/worker/
RUN npx tsc -b packages/worker

# Production dependencies of the three workspaces only, native modules built for the runtime image.
FROM base AS prod-deps
RUN npm ci --omit=dev -w @byline/fetcher -w @byline/domain -w @byline/store-sqlite -w @byline/store-mongodb -w @byline/shared -w @byline/http -w @byline/editorial -w @byline/worker

FROM ${NODE_IMAGE} AS runtime
# Also read when set: MONGODB_URI (the store; without it, the embedded store in /data) and PUBLIC_PORTAL_URL
# (the profile pages claimed sites must link back to: the portal's public address).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    WORKER_PORT=8083 \
    BYLINE_DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules node_modules/
COPY --from=build /app/packages/fetcher/package.json packages/fetcher/
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/store-sqlite/package.json packages/store-sqlite/
COPY --from=build /app/packages/store-mongodb/package.json packages/store-mongodb/
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/http/package.json packages/http/
COPY --from=build /app/packages/fetcher/dist packages/fetcher/dist/
COPY --from=build /app/packages/domain/dist packages/domain/dist/
COPY --from=build /app/packages/store-sqlite/dist packages/store-sqlite/dist/
COPY --from=build /app/packages/store-mongodb/dist packages/store-mongodb/dist/
COPY --from=build /app/packages/shared/dist packages/shared/dist/
COPY --from=build /app/packages/http/dist packages/http/dist/
COPY --from=build /app/packages/editorial/package.json packages/editorial/
COPY --from=build /app/packages/editorial/dist packages/editorial/dist/
COPY --from=build /app/packages/worker/package.json packages/worker/
COPY --from=build /app/packages/worker/dist packages/worker/dist/
# The embedded store (used when MONGODB_URI is unset) writes here; uid 1000 is "node" in the node images.
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME ["/data"]
USER 1000:1000
EXPOSE 8083
# slim has no curl: node's fetch asks /healthz.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.WORKER_PORT || 8083) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the run in progress stops (its unrecorded checks are taken again once their leases expire), the store closes, exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "packages/worker/dist/main.js"]
