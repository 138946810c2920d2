import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

const ALL_KEYS = [
  "GENERATION_API_BASE_URL",
  "GENERATION_API_KEY",
  "PORT",
  "DATA_DIR",
  "DATABASE_URL",
  "MEDIA_DIR",
  "ACCOUNT_PLAN",
  "AUTH_SECRET",
  "EMULATOR_PORT",
  "LOG_LEVEL",
  "MEDIA_STORE",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_FORCE_PATH_STYLE",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "DARKROOM_ROLE",
  "ARCHIVE_MAX_IMAGE_MB",
  "ARCHIVE_MAX_VIDEO_MB",
  "HOST",
  "NODE_ENV",
  "TRUSTED_PROXIES",
  "ALLOWED_HOSTS",
  "SSO_PROVIDERS",
  "SSO_RECHECK_MINUTES",
  "METRICS_TOKEN",
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_SERVICE_NAME",
] as const;

const DEFAULTS = {
  GENERATION_API_BASE_URL: undefined,
  GENERATION_API_KEY: undefined,
  PUBLIC_BASE_URL_IMPLIED: false,
  PORT: 3000,
  DATA_DIR: "./data",
  DATABASE_URL: "./data/darkroom.db",
  MEDIA_DIR: "./data/media",
  ACCOUNT_PLAN: "free",
  AUTH_SECRET: undefined,
  EMULATOR_PORT: 4010,
  LOG_LEVEL: "info",
  MEDIA_STORE: "local",
  S3_BUCKET: undefined,
  S3_REGION: "us-east-1",
  S3_ENDPOINT: undefined,
  S3_FORCE_PATH_STYLE: false,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  DARKROOM_ROLE: "all",
  ARCHIVE_MAX_IMAGE_MB: 50,
  ARCHIVE_MAX_VIDEO_MB: 1024,
  HOST: "127.0.0.1",
  NODE_ENV: "development",
  TRUSTED_PROXIES: [],
  ALLOWED_HOSTS: [],
  SSO_PROVIDERS: [],
  SSO_RECHECK_MINUTES: 15,
  METRICS_TOKEN: undefined,
  OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
  OTEL_SERVICE_NAME: "darkroom",
};

/** The thrown message, or a failure when parseEnv accepted the value. */
function problemWith(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv", () => {
  it("fills every default from an empty environment", () => {
    expect(parseEnv({})).toEqual(DEFAULTS);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv(Object.fromEntries(ALL_KEYS.map((key) => [key, ""])))).toEqual(DEFAULTS);
  });

  // A blank value (e.g. `PORT= ` with a stray space in .env) must not coerce to 0, which means "any free port".
  it.each(["PORT", "EMULATOR_PORT"])("never turns a blank %s into port 0", (name) => {
    let port: number | undefined;
    try {
      port = parseEnv({ [name]: " " })[name as "PORT"];
    } catch (error) {
      expect((error as Error).message).toContain(name);
      return;
    }
    expect(port).not.toBe(0);
  });

  // Browsers and Node's fetch refuse the Fetch standard's bad ports: an emulator there answered nothing.
  it.each(["PORT", "EMULATOR_PORT"])("refuses a port fetch will not connect to as %s", (name) => {
    expect(problemWith({ [name]: "4190" })).toMatch(new RegExp(`${name}.*refuse to connect to`));
    expect(parseEnv({ [name]: "4191" })[name as "PORT"]).toBe(4191);
  });

  it("puts the database and media under DATA_DIR unless they are set", () => {
    expect(parseEnv({ DATA_DIR: "/srv/darkroom" })).toMatchObject({
      DATABASE_URL: "/srv/darkroom/darkroom.db",
      MEDIA_DIR: "/srv/darkroom/media",
    });
    expect(parseEnv({ DATA_DIR: "/srv/darkroom", DATABASE_URL: "postgres://db/darkroom", MEDIA_DIR: "/mnt/media" })).toMatchObject({
      DATABASE_URL: "postgres://db/darkroom",
      MEDIA_DIR: "/mnt/media",
    });
  });

  it("reads the values it is given", () => {
    const secret = "x".repeat(32);
    expect(
      parseEnv({
        PORT: "8080",
        EMULATOR_PORT: "4999",
        ACCOUNT_PLAN: "lifetime",
        AUTH_SECRET: secret,
        LOG_LEVEL: "debug",
        GENERATION_API_KEY: "sk-test",
      }),
    ).toMatchObject({
      PORT: 8080,
      EMULATOR_PORT: 4999,
      ACCOUNT_PLAN: "lifetime",
      AUTH_SECRET: secret,
      LOG_LEVEL: "debug",
      GENERATION_API_KEY: "sk-test",
    });
  });

  it("reads the S3 media store and the role", () => {
    expect(
      parseEnv({
        MEDIA_STORE: "s3",
        S3_BUCKET: "darkroom-media",
        S3_REGION: "eu-west-3",
        S3_ENDPOINT: "http://minio:9000",
        S3_FORCE_PATH_STYLE: "true",
        S3_ACCESS_KEY_ID: "darkroom",
        S3_SECRET_ACCESS_KEY: "a-long-secret",
        DARKROOM_ROLE: "worker",
      }),
    ).toMatchObject({
      MEDIA_STORE: "s3",
      S3_BUCKET: "darkroom-media",
      S3_REGION: "eu-west-3",
      S3_ENDPOINT: "http://minio:9000",
      S3_FORCE_PATH_STYLE: true,
      DARKROOM_ROLE: "worker",
    });
  });

  it.each([
    ["https://api.example.com/", "https://api.example.com"],
    ["https://api.example.com/v1///", "https://api.example.com/v1"],
    ["http://localhost:4010", "http://localhost:4010"],
  ])("strips trailing slashes from GENERATION_API_BASE_URL %s", (given, expected) => {
    expect(parseEnv({ GENERATION_API_BASE_URL: given }).GENERATION_API_BASE_URL).toBe(expected);
  });

  it.each(["postgres://u@db:5432/darkroom", "postgresql://db/darkroom", "file:./data/x.db", "/var/lib/darkroom.db", "relative.db"])(
    "accepts DATABASE_URL %s",
    (url) => {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    },
  );

  it.each<[string, Record<string, string>]>([
    ["GENERATION_API_BASE_URL", { GENERATION_API_BASE_URL: "not a url" }],
    ["GENERATION_API_BASE_URL", { GENERATION_API_BASE_URL: "ftp://files.example.com" }],
    ["GENERATION_API_BASE_URL", { GENERATION_API_BASE_URL: "api.example.com" }],
    ["PORT", { PORT: "abc" }],
    ["PORT", { PORT: "70000" }],
    ["PORT", { PORT: "-1" }],
    ["PORT", { PORT: "80.5" }],
    ["EMULATOR_PORT", { EMULATOR_PORT: "abc" }],
    ["ACCOUNT_PLAN", { ACCOUNT_PLAN: "gold" }],
    ["AUTH_SECRET", { AUTH_SECRET: "too-short-secret" }],
    ["DATABASE_URL", { DATABASE_URL: "mysql://x" }],
    ["LOG_LEVEL", { LOG_LEVEL: "loud" }],
    ["MEDIA_STORE", { MEDIA_STORE: "ftp" }],
    ["S3_BUCKET", { MEDIA_STORE: "s3" }],
    ["S3_BUCKET", { MEDIA_STORE: "s3", S3_BUCKET: "Bad_Bucket" }],
    ["S3_ENDPOINT", { S3_ENDPOINT: "minio:9000" }],
    ["S3_FORCE_PATH_STYLE", { S3_FORCE_PATH_STYLE: "yes please" }],
    ["S3_SECRET_ACCESS_KEY", { S3_ACCESS_KEY_ID: "AKIA0000" }],
    ["S3_ACCESS_KEY_ID", { S3_SECRET_ACCESS_KEY: "s3-secret-0000" }],
    ["DARKROOM_ROLE", { DARKROOM_ROLE: "both" }],
  ])("names %s when it is invalid (%j)", (name, source) => {
    const message = problemWith(source);
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain(name);
  });

  it("gives the rule a person can follow", () => {
    expect(problemWith({ PORT: "abc" })).toContain("PORT must be a port number");
    expect(problemWith({ ACCOUNT_PLAN: "gold" })).toContain("ACCOUNT_PLAN must be free, paid or lifetime");
    expect(problemWith({ AUTH_SECRET: "short" })).toContain("AUTH_SECRET must be at least 32 characters");
    expect(problemWith({ DATABASE_URL: "mysql://x" })).toContain("DATABASE_URL must be postgres://… or a SQLite file path");
    expect(problemWith({ GENERATION_API_BASE_URL: "ftp://x.example" })).toContain("GENERATION_API_BASE_URL must be an http(s) URL");
  });

  it("lists every invalid variable at once", () => {
    const message = problemWith({ PORT: "abc", ACCOUNT_PLAN: "gold", DATABASE_URL: "mysql://x" });
    for (const name of ["PORT", "ACCOUNT_PLAN", "DATABASE_URL"]) expect(message).toContain(name);
  });

  it("never echoes a secret or a credential in the message", () => {
    const secrets: Record<string, string> = {
      AUTH_SECRET: "hunter2-short-secret",
      DATABASE_URL: "mysql://admin:pg-pass-8731@db.internal/darkroom",
      GENERATION_API_BASE_URL: "ftp://user:url-pass-5521@api.example.com",
      S3_ENDPOINT: "minio.internal:9000",
      S3_SECRET_ACCESS_KEY: "s3-secret-7788",
    };
    const message = problemWith({ ...secrets, GENERATION_API_KEY: "sk-live-0000", PORT: "abc" });
    for (const value of [
      ...Object.values(secrets),
      "hunter2",
      "pg-pass-8731",
      "url-pass-5521",
      "sk-live-0000",
      "db.internal",
      "minio.internal",
      "s3-secret-7788",
    ]) {
      expect(message).not.toContain(value);
    }
  });
});

describe("SSO_PROVIDERS (single sign-on from the environment)", () => {
  const provider = {
    id: "keycloak",
    label: "Sign in with Keycloak",
    issuer: "https://sso.example.com/realms/team/",
    clientId: "darkroom",
    clientSecret: "sso-secret-4411",
    allowedDomains: ["Example.com"],
  };

  it("reads a JSON array of providers, with the defaults Settings uses", () => {
    expect(parseEnv({ SSO_PROVIDERS: JSON.stringify([provider]) }).SSO_PROVIDERS).toEqual([
      {
        ...provider,
        issuer: "https://sso.example.com/realms/team",
        allowedDomains: ["example.com"],
        defaultRole: "viewer",
        groupsClaim: null,
        groupRoles: { admin: [], member: [], viewer: [] },
        groupsOnly: false,
      },
    ]);
  });

  it("says what is wrong, without the secret", () => {
    expect(problemWith({ SSO_PROVIDERS: "[{" })).toContain("SSO_PROVIDERS must be a JSON array");
    const message = problemWith({
      SSO_PROVIDERS: JSON.stringify([
        { ...provider, allowedDomains: [] },
        { ...provider, id: "Bad Id" },
      ]),
    });
    expect(message).toContain("List at least one allowed email domain");
    expect(message).toContain("A provider's id is 1 to 32 lowercase letters");
    expect(message).not.toContain("sso-secret-4411");
    expect(problemWith({ SSO_PROVIDERS: JSON.stringify([provider, provider]) })).toContain("lists one id twice");
  });
});

describe("PUBLIC_BASE_URL (where the API fetches uploaded images)", () => {
  it("takes an https origin, or plain http on loopback only, and keeps the origin", () => {
    expect(parseEnv({ PUBLIC_BASE_URL: "https://darkroom.example.com/" }).PUBLIC_BASE_URL).toBe("https://darkroom.example.com");
    expect(parseEnv({ PUBLIC_BASE_URL: "http://127.0.0.1:3171" }).PUBLIC_BASE_URL).toBe("http://127.0.0.1:3171");
    expect(parseEnv({ PUBLIC_BASE_URL: "http://localhost:3000" }).PUBLIC_BASE_URL).toBe("http://localhost:3000");
  });

  it.each([
    ["http://darkroom.example.com", /must be an https URL \(http only on 127\.0\.0\.1 or localhost\)/],
    ["https://darkroom.example.com/app", /must be an origin only, without a path/],
    ["darkroom.example.com", /PUBLIC_BASE_URL must be this dashboard's public address/],
  ])("refuses %s, saying why", (value, message) => {
    expect(problemWith({ PUBLIC_BASE_URL: value })).toMatch(message);
  });
});
