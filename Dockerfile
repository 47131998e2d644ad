# syntax=docker/dockerfile:1
#
# One image recipe for every service of the storefront:
#
#   docker build --build-arg SERVICE=catalogue -t storefront/catalogue .
#   docker build --build-arg SERVICE=gateway   -t storefront/gateway .    # also builds and ships web/dist
#
# SERVICE is the folder name under services/ (and the package name without "@storefront/").
# The image listens on $PORT (set by docker-compose.yml / k8s); HOST defaults to 0.0.0.0 here.

ARG NODE_IMAGE=node:20-bookworm-slim

# ------------------------------------------------------------------------------------------------ manifests
# Only the package.json files, at their paths. The build stage copies this folder before `npm ci`, so the
# dependency layer is reused until a manifest or the lockfile changes (copying is keyed by content).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

# ------------------------------------------------------------------------------------------------ build
FROM ${NODE_IMAGE} AS build

# Compilers for a native dependency that has no prebuilt binary for the target platform (argon2 and friends
# normally ship prebuilds; this stage is thrown away, so the cost is build time only).
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

ENV TURBO_TELEMETRY_DISABLED=1 \
    DO_NOT_TRACK=1 \
    npm_config_update_notifier=false
WORKDIR /app

COPY package.json package-lock.json .npmrc ./
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund

COPY . .

# Declared only here: everything above (compilers, npm ci) is one cached layer shared by all six images.
ARG SERVICE
RUN test -n "$SERVICE" || { echo 'build with --build-arg SERVICE=<name of a folder under services/>' >&2; exit 1; }

# The service and the workspace libraries it depends on; the gateway also serves the SPA, so it builds web too.
# The turbo cache mount lets the six image builds reuse each other's library builds.
RUN --mount=type=cache,target=/app/.turbo/cache,sharing=locked \
    if [ "$SERVICE" = gateway ]; then set -- --filter=@storefront/web; else set --; fi \
 && npx turbo run build --cache-dir=.turbo/cache "--filter=@storefront/${SERVICE}..." "$@" \
 && test -f "services/${SERVICE}/dist/main.js" \
 && { [ "$SERVICE" != gateway ] || { test -f web/dist/index.html && test -f web/dist-ssr/entry-server.js; }; }

RUN npm prune --omit=dev --no-audit --no-fund

# Assemble exactly what runs into /out: root manifest, production node_modules, the built libraries, this
# service's dist with the files it reads at run time (catalogue's drawings, identity's postal directory), and
# web/dist for the gateway. Workspace packages keep their paths, so the symlinks
# node_modules/@storefront/* -> ../../libs/* resolve. Nested node_modules hold version-conflicting dependencies.
RUN set -eu; \
    mkdir -p /out; \
    cp package.json /out/; \
    cp -a node_modules /out/; \
    for pkg in libs/* "services/${SERVICE}"; do \
      [ -f "$pkg/package.json" ] || continue; \
      if [ -d "$pkg/dist" ]; then \
        mkdir -p "/out/$pkg"; \
        cp "$pkg/package.json" "/out/$pkg/"; \
        cp -a "$pkg/dist" "/out/$pkg/"; \
        if [ -d "$pkg/node_modules" ]; then cp -a "$pkg/node_modules" "/out/$pkg/"; fi; \
      fi; \
    done; \
    for files in assets data; do \
      if [ -d "services/${SERVICE}/$files" ]; then cp -a "services/${SERVICE}/$files" "/out/services/${SERVICE}/"; fi; \
    done; \
    if [ "$SERVICE" = gateway ]; then mkdir -p /out/web && cp -a web/dist web/dist-ssr /out/web/; fi

# ------------------------------------------------------------------------------------------------ runtime
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app

# A fixed non-root uid/gid (10001) that the k8s securityContext names. npm, npx, corepack and yarn are not
# needed at run time; removing them takes their dependencies out of the image's attack surface.
RUN groupadd --system --gid 10001 storefront \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin storefront \
 && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn-* \
      /usr/local/bin/yarn /usr/local/bin/yarnpkg

ARG SERVICE
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    HOST=0.0.0.0 \
    NODE_OPTIONS=--enable-source-maps

# Owned by root and read-only to the service user: the process cannot rewrite its own code.
COPY --from=build /out/ ./

USER 10001:10001

# Docker/compose liveness. Kubernetes ignores this and uses the probes in k8s/. The port falls back to each
# service's default when PORT is not set (the table in libs/config/src/env.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const d={gateway:8080,identity:4001,catalogue:4002,'order-payment':4003,billing:4004,notification:4005,'payment-sandbox':4006,'messaging-sandbox':4008};fetch('http://127.0.0.1:'+(process.env.PORT||d[process.env.SERVICE])+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# `exec` replaces the shell, so node is PID 1 and SIGTERM from `docker stop` / the kubelet reaches the service's
# graceful shutdown (it drains within SHUTDOWN_GRACE_MS).
CMD ["sh", "-c", "exec node services/$SERVICE/dist/main.js"]
