# The hub (REST API, Socket.IO, dashboard) from this repository's files only.
# Build from the repository root: docker build -f docker/hub.Dockerfile .
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when its prebuilt binary cannot be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /simlab
COPY . .
# npm ci runs `prepare`, which builds dist/ and the dashboard.
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /simlab
COPY --from=build /simlab /simlab
ENV HOST=0.0.0.0 PORT=4700 SIMLAB_DATA=/data SIMLAB_LOCAL_WORKER=0 SIMLAB_LOG=1
VOLUME /data
EXPOSE 4700
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/hub-process.mjs"]
