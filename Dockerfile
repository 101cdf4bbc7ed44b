# Build stage: compile TypeScript with the dev dependencies, then drop them.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Native modules (better-sqlite3, argon2) normally install prebuilt binaries; the toolchain is the fallback
# for platforms without one.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY projections ./projections
COPY bin ./bin
# The operator console's page (Vite): built into dist/console, served at /console.
COPY console ./console
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies and the compiled output only.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3300
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3300
CMD ["node", "dist/src/main.js"]
