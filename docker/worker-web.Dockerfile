# A worker running web virtual phones in Debian's Chromium (headless).
# Build from the repository root: docker build -f docker/worker-web.Dockerfile .
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /simlab
COPY . .
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium ffmpeg fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /simlab
COPY --from=build /simlab /simlab
ENV SIMLAB_PLATFORMS=web SIMLAB_CHROMIUM=/usr/bin/chromium SIMLAB_WEB_DEVICES=2
CMD ["node", "dist/workers/main.js"]
