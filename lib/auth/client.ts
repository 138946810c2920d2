import { createAuthClient } from "better-auth/react";

// Same origin and the default /api/auth base path, so no URL is configured on the client.
export const authClient = createAuthClient();
