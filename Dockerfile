# The shop's container image (docs/operations.md "Production"). Not built on the machine this
# was written on (no base image can be fetched there): `npm test`'s production check
# (scripts/production-check.mjs) does the same steps without Docker.
#
#   docker build -t pet-food-storefront .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e SESSION_SECRET=… pet-food-storefront
ARG NODE_VERSION=20.19

# Build stage: every dependency (the compiler is a dev dependency), then the production build.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN NODE_ENV=production npm run build

# Runtime stage: the production dependencies (the compiler's patch is skipped: .dev.patch), the
# build copied in, a user without privileges.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public/build ./public/build
# data/: the SQLite file (when DATABASE_URL is one), the generated session secret, the image
# cache. public/images: where `npm run seed` writes the sample catalogue's pictures.
RUN mkdir -p data public/images/products public/images/charities && chown -R node:node data public/images
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness. The image has no curl: Node's own fetch asks. Readiness is /readyz (compose.yaml).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The serve script's command itself, not `npm run serve`: npm as the first process does not wait
# for the server on SIGTERM (docs/decisions.md "Production install"). Migrations are their own
# step (`npm run db:migrate`; compose.yaml's migrate service), or MIGRATE_ON_START=true.
CMD ["node", "--max-semi-space-size=64", "cluster.js"]
