import { LRUCache } from 'lru-cache';
import mongoose, { type Types } from 'mongoose';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { RECENT_SESSION_IDS, type AnonymousUser } from './ingest.model.js';
import { MAX_UPSERT_ATTEMPTS, retryOnDuplicate, type IngestStore } from './ingest.store.js';
import type { IngestApplication } from './ingest.types.js';

// The upserts every ingest use case starts with: the installation and the anonymous user are "seen now".

export const ANONYMOUS_DISPLAY_NAME = 'Anonymous User';
/** Sessions remembered per process for `touchInstallation`'s first guess (~100 bytes each). */
const SESSION_HINTS = 20_000;

export interface InstallationChanges {
  set?: Record<string, unknown>;
  events?: number;
  sessionId?: string | null;
}

export type TouchInstallation = (
  application: IngestApplication,
  installationId: string,
  changes: InstallationChanges,
  now: Date,
) => Promise<{ created: boolean; newSession: boolean }>;

export type TouchAnonymousUser = (
  application: IngestApplication,
  anonymousId: string,
  changes: { installationId?: string | null; platform?: string | null },
  now: Date,
) => Promise<Types.ObjectId | null>;

/** "Anonymous User" plus the platform (SPEC §3), e.g. "Anonymous User MacIntel". */
function anonymousDisplayName(platform: string | null | undefined): string {
  const shown = platform?.trim();
  return shown ? `${ANONYMOUS_DISPLAY_NAME} ${shown}`.slice(0, 120) : ANONYMOUS_DISPLAY_NAME;
}

function createInstallationTouch(store: IngestStore): TouchInstallation {
  const trusted = mongoose.trusted;
  /**
   * Sessions this process counted or saw recently. Only a hint of which installation update to try first: a
   * session's later batches find their session counted (the "seen" update matches at once), a session not
   * met here is most likely new (the counting upsert matches at once). Either order is correct, since each
   * update checks the stored installation itself; the right guess saves a database round trip per request.
   */
  const sessionsCountedHere = new LRUCache<string, true>({ max: SESSION_HINTS });

  /**
   * Upserts an installation seen now: `set` overwrites, `events` adds to total_events, and a
   * session id not among the installation's recent ones adds one to session_count. Each step is
   * one atomic single-document update, so concurrent requests count each session once without
   * transactions: the session id is pushed by the same update that counts it, and that update
   * only matches while the id is absent.
   */
  return async function touchInstallation(
    application: IngestApplication,
    installationId: string,
    changes: InstallationChanges,
    now: Date,
  ): Promise<{ created: boolean; newSession: boolean }> {
    await store.ensureIndexes();
    const key = { application_id: application._id, installation_id: installationId };
    const set = { ...changes.set, last_seen_at: now };
    const insertDefaults: Record<string, unknown> = {
      project_id: application.project_id,
      organization_id: application.organization_id,
      device_info: null,
      environment_info: null,
      is_anonymous: true,
      is_active: true,
      anonymous_id: null,
      user_id: null,
      reported_user_id: null,
      linked_at: null,
      sdk_version: null,
      first_seen_at: now,
    };
    for (const field of Object.keys(set)) delete insertDefaults[field];
    const options = { upsert: true, setDefaultsOnInsert: false } as const;
    const events = changes.events ?? 0;
    const sessionId = changes.sessionId;

    if (!sessionId) {
      const result = await retryOnDuplicate(() =>
        store.Installations.updateOne(
          key,
          {
            $set: set,
            $setOnInsert: { ...insertDefaults, recent_session_ids: [] },
            $inc: { total_events: events, session_count: 0 },
          },
          options,
        ),
      );
      return { created: result.upsertedCount > 0, newSession: false };
    }

    const hintKey = `${String(application._id)} ${installationId} ${sessionId}`;
    let seenFirst = sessionsCountedHere.has(hintKey);
    for (let attempt = 1; ; attempt++) {
      if (seenFirst) {
        // Seen before: nothing to count.
        const seen = await store.Installations.updateOne(
          { ...key, recent_session_ids: sessionId },
          { $set: set, $inc: { total_events: events } },
        );
        if (seen.matchedCount > 0) {
          sessionsCountedHere.set(hintKey, true);
          return { created: false, newSession: false };
        }
      }
      try {
        const counted = await store.Installations.updateOne(
          { ...key, recent_session_ids: trusted({ $ne: sessionId }) },
          {
            $set: set,
            $setOnInsert: insertDefaults,
            $inc: { total_events: events, session_count: 1 },
            $push: { recent_session_ids: { $each: [sessionId], $slice: -RECENT_SESSION_IDS } },
          },
          options,
        );
        sessionsCountedHere.set(hintKey, true);
        return { created: counted.upsertedCount > 0, newSession: true };
      } catch (error) {
        // The installation has counted this session already (its id is among the recent ones, so the upsert
        // tried to insert a second installation), or another request created it in between: look again.
        if (!isDuplicateKey(error) || attempt >= MAX_UPSERT_ATTEMPTS) throw error;
        seenFirst = true;
      }
    }
  };
}

function createAnonymousUserTouch(store: IngestStore): TouchAnonymousUser {
  /** Upserts the anonymous user seen now and returns the account it is linked to, if any. */
  return async function touchAnonymousUser(
    application: IngestApplication,
    anonymousId: string,
    changes: { installationId?: string | null; platform?: string | null },
    now: Date,
  ): Promise<Types.ObjectId | null> {
    await store.ensureIndexes();
    const set: Record<string, unknown> = { last_activity_at: now };
    if (changes.installationId) set.installation_id = changes.installationId;
    if (changes.platform !== undefined) set.display_name = anonymousDisplayName(changes.platform);
    const insertDefaults: Record<string, unknown> = {
      project_id: application.project_id,
      organization_id: application.organization_id,
      display_name: ANONYMOUS_DISPLAY_NAME,
      installation_id: null,
      user_id: null,
      linked_at: null,
      first_seen_at: now,
    };
    for (const field of Object.keys(set)) delete insertDefaults[field];
    const row = await retryOnDuplicate(() =>
      store.AnonymousUsers.findOneAndUpdate(
        { application_id: application._id, anonymous_id: anonymousId },
        { $set: set, $setOnInsert: insertDefaults },
        { upsert: true, returnDocument: 'after', setDefaultsOnInsert: false, projection: { user_id: 1 } },
      ).lean<Pick<AnonymousUser, 'user_id'>>(),
    );
    return row?.user_id ?? null;
  };
}

/** Both upserts, as the ingest use cases take them. */
export interface Touches {
  touchInstallation: TouchInstallation;
  touchAnonymousUser: TouchAnonymousUser;
}

export function createTouches(store: IngestStore): Touches {
  return {
    touchInstallation: createInstallationTouch(store),
    touchAnonymousUser: createAnonymousUserTouch(store),
  };
}
