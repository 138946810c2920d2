# One image for every role (DARKROOM_ROLE decides what a container runs). Used by compose.yaml.
FROM node:20-bookworm-slim
# ffmpeg makes poster frames for videos; python3, make and g++ build better-sqlite3 when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npx next build
ENV NODE_ENV=production
EXPOSE 3000
# `npm start` skips the build (it is current) and, with GENERATION_API_BASE_URL set, starts no emulator.
CMD ["npm", "start"]
