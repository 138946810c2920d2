// Stands in for the "server-only" package under vitest, where there is no React Server Components bundler.
export {};
