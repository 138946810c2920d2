// Runs in the browser before the app's code. zod compiles object schemas with `new Function` when it may; its
// probe for that is an eval, which the CSP forbids (and reports). zod takes its configuration from this global
// when it makes its first schema, so setting it here, without importing zod, keeps zod off pages with no form.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
