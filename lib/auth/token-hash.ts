import "server-only";
import { createHash } from "node:crypto";

/**
 * What is stored of a bearer secret Darkroom hands out (export tokens, access tokens, share links): its sha256.
 * Each is 18 or more random bytes, so there is nothing to guess and no need for a slow hash.
 */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
