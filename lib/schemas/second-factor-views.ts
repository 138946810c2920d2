// Sessions and passkeys as Settings shows them (client-safe, no zod).

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface SessionView {
  id: string;
  device: string;
  browser: string;
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}
