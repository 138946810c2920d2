// Share links (the task page's Share panel, Settings → Share links, and the routes behind them): client-safe and
// zod-free, for the gallery's and the task page's first load; the route's schema is in new-share-link.ts.

/** How long a link lasts; "revoked": until someone revokes it. */
export const SHARE_EXPIRIES = {
  "1h": { label: "1 hour", ms: 3_600_000 },
  "1d": { label: "1 day", ms: 86_400_000 },
  "7d": { label: "7 days", ms: 7 * 86_400_000 },
  "30d": { label: "30 days", ms: 30 * 86_400_000 },
  revoked: { label: "Until revoked", ms: null },
} as const satisfies Record<string, { label: string; ms: number | null }>;
export type ShareExpiry = keyof typeof SHARE_EXPIRIES;
export const SHARE_DEFAULT_EXPIRY: ShareExpiry = "7d";
export interface ShareLinkView {
  id: string;
  owner: { id: string; name: string | null };
  /** The shared tasks; [] for a board's link, which follows the board. */
  taskIds: string[];
  /** A board's link: the board, by id and name (null name: deleted since). */
  board: { id: string; name: string | null } | null;
  showPrompt: boolean;
  createdAt: string;
  /** Null: until revoked. */
  expiresAt: string | null;
  views: number;
  lastViewedAt: string | null;
}

/** What a shared page shows: the media and, when the sharer chose so, the prompt. Nothing else. */
export interface SharedTaskView {
  id: string;
  kind: "image" | "video";
  /** The model's name for people. */
  model: string;
  prompt: string | null;
  createdAt: string;
  results: {
    index: number;
    contentType: string | null;
    width: number | null;
    height: number | null;
    fileUrl: string;
    /** The file as an attachment, named after its model, date and (when shown) prompt. */
    downloadUrl: string;
    previewUrl: string;
    thumbnailUrl: string;
  }[];
}

export interface SharedPageView {
  /** The board's name, the task's (its prompt when shown, else its model), or a count. */
  title: string;
  /** A board's link: it shows the board, followed as it is now. */
  board: boolean;
  tasks: SharedTaskView[];
  expiresAt: string | null;
  /** Everything shown, as one ZIP named after the title. */
  downloadUrl: string;
}
