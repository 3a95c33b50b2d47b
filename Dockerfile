# Production image: builds every package, then runs the server, which serves the API,
# the dashboard and the /cdn/ bundles on port 3000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY embedded-db/package.json embedded-db/
COPY server/package.json server/
COPY dashboard/package.json dashboard/
COPY sdk/package.json sdk/
COPY widget/package.json widget/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
USER node
CMD ["node", "server/dist/index.js"]
