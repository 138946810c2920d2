// The emulator's state and the operations its routes share.
import { randomBytes } from "node:crypto";
import { Clock } from "./clock";
import { Faults } from "./faults";
import { TrustedInputs } from "./inputs";
import { advanceTask, isLive, isSettled, SNAPSHOT_MS, taskView, type Timings } from "./lifecycle";
import { MediaLibrary, type RenderMode } from "./media";
import { DEFAULT_PROFILE, type Profile } from "./profile";
import { RateLimiter } from "./rate-limit";
import { emptyState, Store, type Account, type TaskRecord } from "./store";
import type { Plan } from "./types";

export const DEFAULT_CREDITS = 100_000;

export class Emulator {
  readonly clock: Clock;
  readonly rate = new RateLimiter();
  readonly faults = new Faults();
  readonly media: MediaLibrary;
  /** Origins whose input URLs are accepted (http too) and fetched at creation, and the log of those fetches. */
  readonly inputs: TrustedInputs;
  /** Tasks that may still change; the rest are never looked at again by advance(). */
  private readonly unsettled = new Set<string>();
  baseUrl = "";
  /**
   * Switches read while answering requests (through `profile`), never cleared: a test file whose requests
   * never consulted a switch behaves the same whatever its value (`npm run test:profiles` uses this). A switch
   * the test set itself (PUT /__emulator/profile) is not consulted while it stands: the answer follows the
   * test's value, not the one the emulator started with. Reset ends that.
   */
  readonly consulted = new Set<keyof Profile>();
  private readonly overridden = new Set<keyof Profile>();
  private current!: Profile;
  private recorded!: Profile;

  constructor(
    readonly store: Store,
    mediaDir: string,
    readonly timings: Timings,
    readonly demoKey: string,
    readonly startProfile: Readonly<Profile> = DEFAULT_PROFILE,
    trustedOrigins: readonly string[] = [],
    render: RenderMode = "full",
  ) {
    this.inputs = new TrustedInputs(trustedOrigins);
    this.profile = copyProfile(startProfile);
    this.clock = new Clock(store.state.clockOffsetMs);
    this.media = new MediaLibrary(mediaDir, (task, error) => this.rendered(task, error), render);
    for (const task of Object.values(store.state.tasks)) {
      if (isSettled(task)) continue;
      this.unsettled.add(task.id);
      // Rendering does not survive a restart: start it again for tasks still waiting for their media.
      if (isLive(task) && !task.media.ready && task.scenario !== "fail" && task.scenario !== "hang") void this.media.render(task);
    }
    this.ensureDemoAccount();
  }

  get state() {
    return this.store.state;
  }

  /** The readings of the spec's open points now in force; reset restores startProfile. Reading one marks it consulted. */
  get profile(): Profile {
    return this.recorded;
  }

  set profile(next: Profile) {
    this.current = next;
    const { consulted, overridden } = this;
    this.recorded = new Proxy(next, {
      get(target, key, receiver) {
        if (typeof key === "string" && Object.hasOwn(target, key) && !overridden.has(key as keyof Profile))
          consulted.add(key as keyof Profile);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }

  /** The control API's change of some switches (see consulted). */
  override(next: Profile, switches: (keyof Profile)[]): void {
    for (const key of switches) this.overridden.add(key);
    this.profile = next;
  }

  /** The profile as set, for the control API: reading it marks nothing consulted. */
  get settings(): Profile {
    return this.current;
  }

  ensureDemoAccount(): void {
    if (!this.state.accounts[this.demoKey]) this.addAccount({ apiKey: this.demoKey });
  }

  addAccount(input: { apiKey?: string; plan?: Plan; credits?: number; disabled?: boolean }): Account {
    const account: Account = {
      apiKey: input.apiKey ?? `sk-emu-${randomBytes(16).toString("hex")}`,
      plan: input.plan ?? "free",
      credits: input.credits ?? DEFAULT_CREDITS,
      disabled: input.disabled ?? false,
    };
    this.state.accounts[account.apiKey] = account;
    this.store.changed();
    return account;
  }

  /** Brings every unsettled task up to the clock: refunds settle and retention ends even when nobody polls. */
  advance(): void {
    const now = this.clock.now();
    for (const id of this.unsettled) {
      const task = this.state.tasks[id];
      if (!task) {
        this.unsettled.delete(id);
        continue;
      }
      const { changed, deleteMedia } = advanceTask(task, this.state.accounts[task.apiKey], now, this.timings);
      if (deleteMedia) void this.media.remove(task);
      if (isSettled(task)) this.unsettled.delete(id);
      if (changed) this.store.changed();
    }
  }

  track(task: TaskRecord): void {
    this.state.tasks[task.id] = task;
    this.unsettled.add(task.id);
    this.store.changed();
  }

  /** A task of this account, or undefined (another account's task is as unknown as a missing one). */
  ownTask(id: string, apiKey: string): TaskRecord | undefined {
    const task = this.state.tasks[id];
    return task && task.apiKey === apiKey ? task : undefined;
  }

  liveCount(apiKey: string, kind: "image" | "video"): number {
    let count = 0;
    for (const id of this.unsettled) {
      const task = this.state.tasks[id];
      if (task && task.apiKey === apiKey && task.kind === kind && isLive(task)) count += 1;
    }
    return count;
  }

  /** The task as stored in a snapshot: media as paths, so a restart on another address still serves them. */
  view(task: TaskRecord): Record<string, unknown> {
    return taskView(task, (id) => `/media/${id}.${this.media.extOf(task)}`);
  }

  /** A snapshot as sent: media paths become URLs of this emulator's current address. */
  present(snapshot: Record<string, unknown>): Record<string, unknown> {
    const data = snapshot.data as { url: string }[] | undefined;
    return data ? { ...snapshot, data: data.map((item) => ({ ...item, url: `${this.baseUrl}${item.url}` })) } : snapshot;
  }

  /** A retrieval: within 5 s of the last refresh it answers the same snapshot again. */
  retrieve(task: TaskRecord): Record<string, unknown> {
    const now = this.clock.now();
    if (now - task.snapshotAt >= SNAPSHOT_MS) {
      task.snapshot = this.view(task);
      task.snapshotAt = now;
      this.store.changed();
    }
    return this.present(task.snapshot);
  }

  isOwnMediaUrl(url: string): boolean {
    const match = /^\/media\/([0-9a-f]+)\.(png|jpeg|mp4)$/.exec(safePath(url, this.baseUrl) ?? "");
    return match !== null && this.state.media[match[1] ?? ""] !== undefined;
  }

  private rendered(task: TaskRecord, error?: string): void {
    if (this.state.tasks[task.id] !== task) {
      // The emulator was reset while this rendered.
      void this.media.remove(task);
      return;
    }
    // A failed render leaves the task as the clock has it; its media URL answers 500 and the next fetch tries again.
    task.media = error ? { ids: task.media.ids, ready: false, error } : { ids: task.media.ids, ready: true, readyAt: this.clock.now() };
    if (error) console.error(`[emulator] rendering ${task.id} failed: ${error}`);
    this.store.changed();
  }

  reset(): void {
    Object.assign(this.state, emptyState());
    this.clock.advance(-this.clock.offset / 1000);
    this.unsettled.clear();
    this.rate.clear();
    this.faults.clear();
    this.inputs.reset();
    this.overridden.clear();
    this.profile = copyProfile(this.startProfile);
    this.ensureDemoAccount();
  }

  persistClock(): void {
    this.state.clockOffsetMs = this.clock.offset;
    this.store.changed();
  }
}

/** The path of url if it points at this emulator (its own host and port, or loopback on its port). */
function safePath(url: string, baseUrl: string): string | undefined {
  try {
    const parsed = new URL(url);
    const base = new URL(baseUrl);
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname);
    if (parsed.protocol !== base.protocol || parsed.port !== base.port) return undefined;
    if (parsed.hostname !== base.hostname && !loopback) return undefined;
    return parsed.pathname;
  } catch {
    return undefined;
  }
}

function copyProfile(profile: Readonly<Profile>): Profile {
  return { ...profile, referenceTypes: [...profile.referenceTypes] };
}
