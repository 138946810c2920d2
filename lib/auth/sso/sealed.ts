import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "../secret";

// Client secrets and refresh tokens are stored sealed (AES-256-GCM) under a key derived from AUTH_SECRET, so
// a copy of the database alone (a backup, a dump) does not let anyone act as Darkroom at the provider.

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "darkroom", "sso sealed values", 32));
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** Null when the value cannot be opened (AUTH_SECRET changed): the secret must be entered again. */
export function unseal(sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
