import { unknownPath } from "@/lib/gateway/unrouted";

// Every /v1 path no other route serves (and /v1/tasks/, whose slash is not redirected: next.config.ts) answers
// the API's JSON 404, not Next's HTML one.
export const GET = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
