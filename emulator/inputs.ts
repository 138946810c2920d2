// Image inputs from trusted origins. A real provider fetches the images it is given; the emulator keeps the
// spec's "public HTTPS URL" rule for everything, except origins it was told to trust: the dashboard that
// runs it (`npm start` passes EMULATOR_TRUSTED_ORIGINS=http://127.0.0.1:<port> for uploaded images). Those
// URLs are accepted over http on loopback, and fetched at creation like a provider would: an input it cannot
// fetch, or that is not a PNG, JPEG or WebP image, is a 422 naming the field, with nothing charged. Every
// fetch is logged for the control API (`GET /__emulator/input-fetches`), so a test can see what arrived.

/** What the emulator saw when it fetched one trusted input. */
export interface InputFetch {
  url: string;
  field: string;
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  contentType: string | null;
  bytes: number;
  ok: boolean;
  at: string;
}

const MAX_LOG = 200;
const MAX_INPUT_BYTES = 25 * 1024 * 1024;
const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"];

/** An origin such as `http://127.0.0.1:3000`, or null when `value` is not one. */
export function parseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (!["http:", "https:"].includes(url.protocol) || url.username || url.pathname.length > 1 || url.search) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** `EMULATOR_TRUSTED_ORIGINS`: comma-separated origins; throws naming the one that is not an origin. */
export function parseTrustedOrigins(text: string | undefined): string[] {
  const entries = (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const origin = parseOrigin(entry);
    if (!origin) throw new Error(`EMULATOR_TRUSTED_ORIGINS: "${entry}" is not an origin such as http://127.0.0.1:3000`);
    return origin;
  });
}

export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export class TrustedInputs {
  origins: string[];
  readonly log: InputFetch[] = [];

  constructor(private readonly startOrigins: readonly string[]) {
    this.origins = [...startOrigins];
  }

  trusts(url: string): boolean {
    const origin = originOf(url);
    return origin !== null && this.origins.includes(origin);
  }

  reset(): void {
    this.origins = [...this.startOrigins];
    this.log.length = 0;
  }

  /** Every string in the accepted request whose origin is trusted, with its dotted field path. */
  find(value: unknown, path = ""): { url: string; field: string }[] {
    if (typeof value === "string") return this.trusts(value) ? [{ url: value, field: path }] : [];
    if (Array.isArray(value)) return value.flatMap((item, i) => this.find(item, path ? `${path}.${i}` : String(i)));
    if (value && typeof value === "object") {
      return Object.entries(value).flatMap(([key, item]) => this.find(item, path ? `${path}.${key}` : key));
    }
    return [];
  }

  /** Fetches each trusted input; the first that fails is answered as a field violation. */
  async fetchAll(params: Record<string, unknown>): Promise<{ field: string; message: string } | undefined> {
    for (const { url, field } of this.find(params)) {
      const entry = await fetchOne(url, field);
      this.log.push(entry);
      if (this.log.length > MAX_LOG) this.log.shift();
      if (!entry.ok) {
        const why =
          entry.status === 0
            ? "the connection failed"
            : entry.status !== 200
              ? `it answered HTTP ${entry.status}`
              : "it is not a PNG, JPEG or WebP image";
        return { field, message: `${field} could not be fetched as an image: ${why}` };
      }
    }
    return undefined;
  }
}

async function fetchOne(url: string, field: string): Promise<InputFetch> {
  const at = new Date().toISOString();
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
    const contentType = response.headers.get("content-type");
    let bytes = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      if (bytes > MAX_INPUT_BYTES) {
        await reader?.cancel();
        break;
      }
    }
    const ok =
      response.status === 200 && IMAGE_TYPES.includes(contentType?.split(";")[0]?.trim() ?? "") && bytes > 0 && bytes <= MAX_INPUT_BYTES;
    return { url, field, status: response.status, contentType, bytes, ok, at };
  } catch {
    return { url, field, status: 0, contentType: null, bytes: 0, ok: false, at };
  }
}
