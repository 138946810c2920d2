import "server-only";
import type { Generated } from "kysely";
import type { BatchSource, BatchState } from "@/lib/schemas/batches";
import type { SubmissionState } from "@/lib/schemas/views";

// Table types. `user` and `session` belong to better-auth (its camelCase columns, created by its own
// migrations); Darkroom's tables are snake_case and created by lib/db/migrations.

/** SQLite returns booleans as 0/1 and dates as text; Postgres as boolean and Date. */
type Bool = boolean | number;
type Timestamp = Date | string;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string;
  disabled: Bool;
  /** better-auth's twoFactor plugin: an authenticator app (TOTP) was enrolled and verified. */
  twoFactorEnabled?: Bool | null;
}

export interface SessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
}

/** better-auth's twoFactor plugin: a member's authenticator app, its secret and recovery codes encrypted with the auth secret. */
export interface TwoFactorTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
}

/** One row (id 1): moves whenever a session ends or what a session may do changes (0026, lib/auth/session-cache.ts). */
export interface SessionEpochTable {
  id: number;
  epoch: number | string;
}

export interface PasskeyTable {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  /** A JSON array of the authenticator's transports, as it reported them. */
  transports: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** One row per instance-wide fact, such as when first-run setup was done (its primary key makes setup happen once). */
export interface InstanceTable {
  key: string;
  value: string;
}

/** Who did what to whom: member and settings changes, attributed to the signed-in member. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  subject_id: string | null;
  detail: string | null;
  created_at: string;
}

/** Failed sign-ins per `account:<email>` or `address:<ip>`, and when the last one was (lib/auth/sign-in-throttle.ts). */
export interface SignInBackoffTable {
  key: string;
  failures: number;
  last_failure_at: string;
}

type Flag = number | boolean;

export interface SubmissionTable {
  id: string;
  /** The submitting request's W3C traceparent (migration 0029); null when tracing is off. */
  traceparent: string | null;
  user_id: string;
  model: string;
  kind: "image" | "video";
  endpoint: "videos" | "images" | "legacy";
  params: string;
  body: string;
  idempotency_key: string;
  /** queued → sending → accepted | rejected, or cancelled while queued. */
  state: SubmissionState;
  position: number;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  /** Which process is sending it, and the version its claim took (compare-and-set). */
  lease_owner: Generated<string | null>;
  lease_version: Generated<number>;
  error_code: string | null;
  error_message: string | null;
  error_field: string | null;
  /** The HTTP status of the answer that refused it, and the code the service sent in it, as sent (scrubbed) (0019). */
  error_status: Generated<number | null>;
  error_upstream_code: Generated<string | null>;
  /** The first run's id, shared by the N identical submissions of "Runs: N"; null for a single run (0030 renamed it). */
  runs_id: string | null;
  /** The batch it is a row of (issue 48, 0030), that row's key (the key column, OpenAI's custom_id) and its line in the file. */
  batch_id: Generated<string | null>;
  batch_key: Generated<string | null>;
  batch_line: Generated<number | null>;
  task_id: string | null;
  /** The last upstream answer that left the outcome unknown (bounded, secrets cut out). */
  upstream_raw: string | null;
  /** What it is expected to cost (lib/tasks/recent-charges.ts): what it commits of a budget while it waits (0012). */
  estimated_credits: Generated<number | null>;
  /** The "allow once" grant it went over its member's budget with (0012). */
  budget_grant_id: Generated<string | null>;
  /** The personal access token it came through (a script, /v1/…), or null for the dashboard (0020). */
  token_id: Generated<string | null>;
  /** The comparison it is a column of, and which column (0023); a re-run of a column has the same two. */
  comparison_id: Generated<string | null>;
  comparison_column: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** One prompt sent to several models at once (0023): its columns are submissions naming it. */
export interface ComparisonTable {
  id: string;
  prompt: string;
  created_by: string;
  created_at: string;
  /** The submission of the picked column, or null. */
  favourite_submission_id: string | null;
}

/** Many submissions made at once from a file or a prompt with variations (issue 48, 0030); its rows are submissions naming it. */
export interface BatchTable {
  id: string;
  user_id: string;
  /** The access token a script started it with (POST /v1/batches), or null from the dashboard. */
  token_id: string | null;
  name: string;
  /** The model every row uses, or null when the rows name their own (a gateway JSONL file). */
  model: string | null;
  source: BatchSource;
  /** What its member asked for: running, paused or cancelled. How far it got is in its rows' states. */
  state: BatchState;
  rows: number;
  /** A hash of the file and the recipe: a resend with the same id must be the same batch. */
  fingerprint: string;
  /** The batch whose failed rows this one sends again. */
  retry_of: string | null;
  created_at: string;
  updated_at: string;
}

export interface TaskTable {
  id: string;
  /** Its submission's traceparent, so every poll and the archive join the same trace (migration 0029). */
  traceparent: string | null;
  submission_id: string | null;
  user_id: string | null;
  model: string;
  kind: "image" | "video";
  params: string | null;
  prompt: string | null;
  status: "pending" | "processing" | "succeeded" | "failed";
  error_code: string | null;
  error_message: string | null;
  credits_reserved: number | null;
  credits_used: number | null;
  credits_refunded: number | null;
  upstream_created_at: string | null;
  upstream_updated_at: string | null;
  completed_at: string | null;
  overdue: Generated<Flag>;
  lost: Generated<Flag>;
  not_found_count: Generated<number>;
  media_deleted_at: string | null;
  archive_state: Generated<"none" | "pending" | "done" | "failed">;
  archive_attempts: Generated<number>;
  archive_error: string | null;
  next_poll_at: string | null;
  last_polled_at: string | null;
  lease_until: string | null;
  lease_owner: string | null;
  /** Bumped by every lease taken: a claim made with an older version (a stale listing) fails. */
  lease_version: Generated<number>;
  hidden: Generated<Flag>;
  favourite: Generated<Flag>;
  /** The last upstream answer as it came (bounded, secrets cut out). */
  upstream_raw: string | null;
  /** Why the last answer could not be read (no usable status); null once one could. */
  unreadable: string | null;
  /** A failed task whose refund never showed within the follow-up window. */
  refund_unconfirmed: Generated<Flag>;
  /** Made or imported through the legacy endpoints: polled through GET /api/video/task/{taskId}. */
  legacy: Generated<Flag>;
  /** Bumped whenever the task's view changes (its hash below): live events carry it (0016). */
  view_version: Generated<number>;
  /** A hash of the view last published, so a poll that changes nothing visible publishes nothing. */
  view_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface TaskResultTable {
  task_id: string;
  idx: number;
  upstream_url: string;
  /** Media-store keys relative to its root (`task_x/0.png`), never a path of one machine (since 0006). */
  file: string | null;
  thumbnail: string | null;
  content_type: string | null;
  bytes: number | null;
  width: number | null;
  height: number | null;
}

/** An earlier task a submission was made from: the one it extends, or one whose result it used as an input. */
export interface TaskSourceTable {
  submission_id: string;
  source_task_id: string;
  relation: "extends" | "input";
}

/** A ZIP asked for by a member: the selection, fetched by a GET within the hour. */
export interface DownloadTable {
  id: string;
  user_id: string;
  /** JSON list of task ids, in the order chosen. */
  task_ids: string;
  created_at: string;
  /** What the ZIP is named after (a board's name, migration 0025); null for a gallery selection. */
  name: string | null;
}

/** An image a member uploaded as an input (migration 0014): served by an expiring link until expires_at. */
export interface UploadTable {
  id: string;
  user_id: string;
  /** Relative key in the media store (`uploads/up_….png`). */
  key: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  created_at: string;
  expires_at: string;
}

/** One task hidden from one member's own view (hiding for the team is tasks.hidden). */
export interface TaskHideTable {
  task_id: string;
  user_id: string;
  created_at: string;
}

/** One row (id 1): moved by triggers on every change the task list can show (0017). */
export interface ListVersionTable {
  id: number;
  version: number | string;
}

/** One published change, in order: `seq` is the event stream's id, so any instance can resume a stream. */
export interface TaskEventTable {
  seq: Generated<number>;
  kind: "task" | "submission";
  subject_id: string;
  version: number | null;
  /** The JSON sent: a task's view (without per-viewer fields), or a submission's state. */
  body: string;
  created_at: string;
}

export interface RateRequestTable {
  id: string;
  key_id: string;
  sent_at: string;
}

export interface RatePauseTable {
  key_id: string;
  paused_until: string;
}

/**
 * The Credits page's figures per UTC day (`YYYY-MM-DD` of created_at), member ('' for none) and model,
 * kept by triggers on `tasks` (migration 0011); never written by the app. Sums of what each task adds.
 */
export interface CreditRollupTable {
  day: string;
  user_id: string;
  model: string;
  tasks: number;
  used: number;
  refunded: number;
  reserved_now: number;
  refund_pending: number;
  succeeded_tasks: number;
  failed_tasks: number;
  live_tasks: number;
  refunded_tasks: number;
  refund_pending_tasks: number;
}

/** SQLite only: the FTS5 trigram index of prompts (migration 0011), kept by triggers. */
export interface TaskFtsTable {
  task_id: string;
  prompt: string;
}

/** A read-only token an admin made for the export routes; only its sha256 is stored (migration 0013). */
export interface ExportTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** Set on every row (migration 0018 gave older tokens 90 days from the upgrade); renewing moves it. */
  expires_at: string;
}

/** A member's personal access token for Darkroom's copy of the generation API (migration 0020). */
export interface AccessTokenTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  /** Comma-separated: "images", "videos", "read". */
  scopes: string;
  /** The most credits what is made through it may commit, ever; null: only the member's and team's budgets. */
  budget_credits: number | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A member's read-only link to tasks' archived results, opened with no account at /s/<token> (migration 0021). */
export interface ShareLinkTable {
  id: string;
  /** The sha256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  /** A JSON array of task ids, in the order shown. */
  task_ids: string;
  show_prompt: Generated<Flag>;
  created_at: string;
  /** Null: until revoked. */
  expires_at: string | null;
  revoked_at: string | null;
  views: Generated<number>;
  last_viewed_at: string | null;
  /** Set: a link to this board, shown as the board is when opened (task_ids is then []); migration 0022. */
  board_id: string | null;
}

/** A named collection of results (migration 0022). */
export interface BoardTable {
  id: string;
  name: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** Listed for the whole team; else for its maker and admins only. */
  team_visible: Generated<Flag>;
}

/** A task on a board, at its position (0 first). */
export interface BoardItemTable {
  board_id: string;
  task_id: string;
  position: number;
  added_at: string;
}

/** One POST to the team's webhook: pending until delivered, or failed after its last attempt (migration 0013). */
export interface WebhookDeliveryTable {
  id: string;
  kind: string;
  dedupe_key: string | null;
  /** The JSON sent, as sent. */
  body: string;
  state: "pending" | "delivered" | "failed";
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  lease_owner: string | null;
  /** Why the last attempt failed, with the URL's secrets cut out. */
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** A credit budget per period (calendar, in the team's time zone): one member's, or the team's (user_id ''). */
export interface BudgetTable {
  id: string;
  scope: "member" | "team";
  user_id: string;
  period: "day" | "week" | "month";
  limit_credits: number;
  updated_by: string | null;
  updated_at: string;
}

/** An admin's "allow once": the member's next submission may go over their budget; used by exactly one. */
export interface BudgetGrantTable {
  id: string;
  user_id: string;
  granted_by: string | null;
  used_by_submission: string | null;
  created_at: string;
  used_at: string | null;
}

/** A budget alert that fired: unique per budget, period start and threshold. Keeps every fact a message needs. */
export interface BudgetAlertTable {
  id: string;
  budget_id: string;
  period_start: string;
  threshold: number;
  scope: "member" | "team";
  user_id: string;
  period: "day" | "week" | "month";
  period_end: string;
  time_zone: string;
  limit_credits: number;
  used: number;
  committed: number;
  fired_at: string;
}

export interface BudgetAlertDismissalTable {
  alert_id: string;
  user_id: string;
  dismissed_at: string;
}

/** The account's balance as an admin read it on the provider's site; the estimate counts from entered_at. */
export interface BalanceEntryTable {
  id: string;
  amount: number;
  entered_by: string | null;
  entered_at: string;
  /** Set when the API answered 402 (credits short) after this entry. */
  confirmed_low_at: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  twoFactor: TwoFactorTable;
  session_epoch: SessionEpochTable;
  passkeys: PasskeyTable;
  instance: InstanceTable;
  audit_log: AuditLogTable;
  sign_in_backoff: SignInBackoffTable;
  submissions: SubmissionTable;
  tasks: TaskTable;
  task_results: TaskResultTable;
  task_sources: TaskSourceTable;
  downloads: DownloadTable;
  task_hides: TaskHideTable;
  uploads: UploadTable;
  task_events: TaskEventTable;
  list_version: ListVersionTable;
  rate_requests: RateRequestTable;
  rate_pauses: RatePauseTable;
  credit_rollups: CreditRollupTable;
  tasks_fts: TaskFtsTable;
  export_tokens: ExportTokenTable;
  access_tokens: AccessTokenTable;
  share_links: ShareLinkTable;
  comparisons: ComparisonTable;
  batches: BatchTable;
  boards: BoardTable;
  board_items: BoardItemTable;
  webhook_deliveries: WebhookDeliveryTable;
  budgets: BudgetTable;
  budget_grants: BudgetGrantTable;
  budget_alerts: BudgetAlertTable;
  budget_alert_dismissals: BudgetAlertDismissalTable;
  balance_entries: BalanceEntryTable;
  sso_providers: SsoProviderTable;
  sso_flows: SsoFlowTable;
  sso_links: SsoLinkTable;
}

/** An OpenID provider an admin set up in Settings (migration 0028); the secret is sealed (lib/auth/sso/sealed.ts). */
export interface SsoProviderTable {
  id: string;
  label: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  allowed_domains: string;
  default_role: string;
  groups_claim: string | null;
  group_roles: string;
  groups_only: Flag;
  created_at: string;
  updated_at: string;
}

/** A sign-in under way: taken once by its callback (migration 0028). */
export interface SsoFlowTable {
  state: string;
  provider_id: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
}

/** A provider's subject linked to a member, with its sealed refresh token and the last re-check (migration 0028). */
export interface SsoLinkTable {
  provider_id: string;
  subject: string;
  user_id: string;
  refresh_token: string | null;
  checked_at: string;
  created_at: string;
}
