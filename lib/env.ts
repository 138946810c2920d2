import "server-only";
import { z } from "zod";
import { invalidHostEntries, splitList } from "./http/hosts.mjs";
import { ssoProvidersFromEnv } from "./schemas/sso-env";

// The only reader of process.env: everything else imports `env` (or `parseEnv` in tests).
// Empty or blank values count as unset, so `FOO=` in a shell or .env file falls back to the default.

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());
const flag = optional(
  z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).transform((value) => value === "true" || value === "1"),
);
// The Fetch standard's bad ports: browsers will not open a page there, and Node's fetch refuses them ("bad
// port"), so an emulator on 4190 failed every request as a network error.
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const port = (fallback: number) =>
  optional(
    z.coerce
      .number({ error: "must be a port number" })
      .int()
      .min(0)
      .max(65535)
      .refine((value) => !BAD_PORTS.has(value), "is a port browsers and fetch refuse to connect to; choose another, such as 3000 or 4010"),
  ).transform((value) => value ?? fallback);

const megabytes = (fallback: number) =>
  optional(z.coerce.number({ error: "must be a number of megabytes" }).positive("must be a number of megabytes above 0")).transform(
    (value) => value ?? fallback,
  );

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// Loose on purpose (lib/http/client.ts parses it with node:net); this module is also loaded by proxy.ts.
const IPV6 = /^(?=.*:)[0-9a-f:]{2,39}(:\d+\.\d+\.\d+\.\d+)?$/i;

/** `10.0.0.1`, `::1`, `192.168.0.0/16`, `2001:db8::/32`: what TRUSTED_PROXIES may list. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, extra] = entry.split("/");
  const bits = IPV4.test(address) ? 32 : IPV6.test(address) ? 128 : 0;
  if (bits === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
}

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/**
 * The dashboard's address as the API sees it, for the links of uploaded images: an https origin, or plain
 * http on loopback only (the embedded emulator on this machine fetches it there). No path: links are `/u/…`.
 */
const publicBaseUrl = z
  .url({ protocol: /^https?$/, error: "must be this dashboard's public address, such as https://darkroom.example.com" })
  .transform((url) => new URL(url))
  .refine(
    (url) => url.protocol === "https:" || LOOPBACK_HOSTS.includes(url.hostname),
    "must be an https URL (http only on 127.0.0.1 or localhost)",
  )
  .refine(
    (url) => url.pathname === "/" && !url.search && !url.hash && !url.username,
    "must be an origin only, without a path (https://darkroom.example.com)",
  )
  .transform((url) => url.origin);

const schema = z
  .object({
    GENERATION_API_BASE_URL: optional(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://api.example.com" })
        .transform((url) => url.replace(/\/+$/, "")),
    ),
    GENERATION_API_KEY: optional(z.string().min(1)),
    // Where the API fetches uploaded input images from (`${PUBLIC_BASE_URL}/u/…`); unset: S3 presigned links, or no uploads.
    PUBLIC_BASE_URL: optional(publicBaseUrl),
    // Set by the launcher only, when PUBLIC_BASE_URL is its own loopback stand-in for the embedded emulator's
    // uploads, not an address the admin gave: links for people then follow the browser (lib/http/public-origin.ts).
    PUBLIC_BASE_URL_IMPLIED: flag.transform((value) => value ?? false),
    PORT: port(3000),
    // Loopback by default: reachable from other machines only when HOST says so (0.0.0.0, a LAN address).
    HOST: optional(z.string().min(1)).transform((host) => host ?? "127.0.0.1"),
    // Addresses (or CIDR ranges) of reverse proxies whose X-Forwarded-For, -Proto and -Host are believed.
    TRUSTED_PROXIES: optional(z.string())
      .transform(splitList)
      .refine(
        (entries) => entries.every(isAddressOrRange),
        "must be IP addresses or CIDR ranges, comma-separated (10.0.0.1, 192.168.0.0/16)",
      ),
    // Host names (or name:port) served besides loopback, PUBLIC_BASE_URL's host and HOST; others get 421 (lib/http/hosts.mjs).
    ALLOWED_HOSTS: optional(z.string())
      .transform(splitList)
      .superRefine((entries, context) => {
        const invalid = invalidHostEntries(entries);
        if (invalid.length > 0)
          context.addIssue({
            code: "custom",
            message: `must be host names or name:port, comma-separated (darkroom.example.com, 192.168.1.20:3000, .example.com); not ${invalid
              .map((entry) => `'${entry}'`)
              .join(", ")}`,
          });
      }),
    // The one-time token the first admin must enter on /setup; the launcher makes one when HOST is not loopback.
    SETUP_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
    DATA_DIR: optional(z.string()).transform((dir) => dir ?? "./data"),
    DATABASE_URL: optional(
      z
        .string()
        .refine((url) => /^(postgres(ql)?:\/\/|file:)/.test(url) || !url.includes("://"), "must be postgres://… or a SQLite file path"),
    ),
    MEDIA_DIR: optional(z.string()),
    // Where archived results live: `local` (MEDIA_DIR) or any S3-compatible service (AWS, MinIO, Garage, R2).
    MEDIA_STORE: optional(z.enum(["local", "s3"], { error: "must be local or s3" })).transform((store) => store ?? "local"),
    S3_BUCKET: optional(
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens"),
    ),
    S3_REGION: optional(z.string()).transform((region) => region ?? "us-east-1"),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://minio:9000" })),
    S3_FORCE_PATH_STYLE: flag.transform((value) => value ?? false),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    // `all`: pages, API and the task engine; `web`: pages and API only; `worker`: the engine and archive, serving only health.
    DARKROOM_ROLE: optional(z.enum(["all", "web", "worker"], { error: "must be all, web or worker" })).transform((role) => role ?? "all"),
    ACCOUNT_PLAN: optional(z.enum(["free", "paid", "lifetime"], { error: "must be free, paid or lifetime" })).transform(
      (plan) => plan ?? "free",
    ),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)")),
    EMULATOR_PORT: port(4010),
    // Set by Next (and by the test runner); anything but "production" allows what development needs (eval in the CSP).
    NODE_ENV: optional(z.string()).transform((value) => value ?? "development"),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).transform((level) => level ?? "info"),
    // Prometheus's bearer token for /metrics; unset, /metrics answers 404 and nothing is counted.
    METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters (try: openssl rand -hex 24)")),
    // OpenTelemetry traces go to this OTLP/HTTP collector (e.g. http://otel-collector:4318); unset, no traces are made.
    OTEL_EXPORTER_OTLP_ENDPOINT: optional(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://otel-collector:4318" }),
    ),
    OTEL_SERVICE_NAME: optional(z.string()).transform((name) => name ?? "darkroom"),
    // The archive's size caps per result, in MB (1 MB = 1,048,576 bytes): a bigger answer is refused while it streams.
    ARCHIVE_MAX_IMAGE_MB: megabytes(50),
    ARCHIVE_MAX_VIDEO_MB: megabytes(1024),
    // OpenID providers for single sign-on, as a JSON array (docs/operations.md#single-sign-on); Settings adds more.
    SSO_PROVIDERS: ssoProvidersFromEnv,
    // How often a signed-in member's provider is asked again whether they may still come in (lib/auth/sso/recheck.ts).
    SSO_RECHECK_MINUTES: optional(z.coerce.number({ error: "must be a number of minutes" }).int().min(0).max(1440)).transform(
      (value) => value ?? 15,
    ),
  })
  .superRefine((values, context) => {
    if (values.MEDIA_STORE === "s3" && !values.S3_BUCKET)
      context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "must be set when MEDIA_STORE is s3" });
    // Half a key pair is a typo, not a wish for the SDK's default credentials (instance role, ~/.aws).
    if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY))
      context.addIssue({
        code: "custom",
        path: [values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with the other S3 key (or leave both unset to use the SDK's default credentials)",
      });
  })
  // Defaults that live under DATA_DIR follow it.
  .transform((values) => ({
    ...values,
    DATABASE_URL: values.DATABASE_URL ?? `${values.DATA_DIR}/darkroom.db`,
    MEDIA_DIR: values.MEDIA_DIR ?? `${values.DATA_DIR}/media`,
  }));

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new Error(`Invalid configuration: ${problems.join("; ")}`);
}

export const env = parseEnv(process.env);

/**
 * The launcher's first step (`npm start`, `npm run dev`): reads `.env` from the working directory into
 * process.env when the file exists, and answers the configuration with it. A variable already in the environment
 * wins over the file, even when it is empty (Node's loadEnvFile never overwrites), so `PORT=3300 npm start` beats
 * `PORT=3000` in `.env`. The launcher's children (the emulator, Next) inherit the result. Only the launcher calls
 * this, and uses what it answers rather than `env` above (parsed before the file was read); a test that imports
 * this module never picks up a developer's `.env` (what a test starts through the launcher does).
 */
export function loadEnvFile(file = ".env"): Env {
  try {
    process.loadEnvFile(file);
  } catch (error) {
    // No file is the usual case: everything has a default.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`Could not read ${file}: ${(error as Error).message}`);
  }
  return parseEnv(process.env);
}

/** The environment for a child process the launcher starts, with some variables set. */
export function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
