# A worker for Android hosts: adb inside; devices reached through the adb server
# (SIMLAB_ADB_CONNECT for emulators or phones on the network, or USB passed through).
# Build from the repository root: docker build -f docker/worker-android.Dockerfile .
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /simlab
COPY . .
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends adb ffmpeg && rm -rf /var/lib/apt/lists/*
WORKDIR /simlab
COPY --from=build /simlab /simlab
ENV SIMLAB_PLATFORMS=android SIMLAB_WEB_DEVICES=0
CMD ["node", "dist/workers/main.js"]
