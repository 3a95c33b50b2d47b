import mongoose, { Types, type Connection } from 'mongoose';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import type { PolicyConditions } from './policies.conditions.js';
import { compilePolicies, type CompiledPolicies } from './policies.engine.js';
import { policyModel, type PolicyDocument } from './policies.model.js';

/** A compiled set is read again at the latest after this (besides every change dropping it). */
const COMPILED_TTL_MS = 60_000;
const MAX_CACHED_SETS = 5_000;

/** Whose policies decide a check: a project's with its organization's, or an organization's alone. */
export interface PolicyOwner {
  organizationId: string;
  /** null: the organization's own policies only (organization-scoped checks). */
  projectId: string | null;
}

interface CachedSet {
  organizationId: string;
  compiled: CompiledPolicies;
}

const keyOf = (owner: PolicyOwner) =>
  owner.projectId ? `project:${owner.projectId}` : `organization:${owner.organizationId}`;

/**
 * The enabled policies of a project (with its organization's) or an organization, compiled once
 * and kept in memory. A change drops the set at once in the changing process and, through the
 * revocation feed (lib/revocations.ts), within its bound in every other (FRESH_MS; while the feed
 * is not fresh every check reads the policies again); an organization's change drops the sets of
 * all its projects. COMPILED_TTL_MS bounds an entry's life besides.
 */
export function createPolicyStore(connection: Connection) {
  const Policies = policyModel(connection);
  const feed = revocationFeedFor(connection);
  const cache = new CredentialCache<CachedSet>(COMPILED_TTL_MS, MAX_CACHED_SETS);
  feed.subscribe((kind, key) => {
    if (kind !== 'policies') return;
    if (key.startsWith('organization:')) {
      const organizationId = key.slice('organization:'.length);
      cache.deleteWhere((entry) => entry.organizationId === organizationId);
    } else cache.delete(key);
  });

  async function read(owner: PolicyOwner): Promise<PolicyDocument[]> {
    return Policies.find({
      organization_id: new Types.ObjectId(owner.organizationId),
      project_id: owner.projectId
        ? mongoose.trusted({ $in: [null, new Types.ObjectId(owner.projectId)] })
        : null,
      enabled: true,
    }).lean<PolicyDocument[]>();
  }

  return {
    Policies,
    /** The feed that drops compiled sets (the check's other memos follow it too). */
    feed,

    /** The compiled enabled policies deciding checks for `owner`. */
    async compiledFor(owner: PolicyOwner): Promise<CompiledPolicies> {
      const key = keyOf(owner);
      const now = Date.now();
      if (feed.isFresh()) {
        const cached = cache.get(key, now);
        if (cached) return cached.compiled;
      }
      const generation = feed.generation;
      const rows = await read(owner);
      const compiled = compilePolicies(
        rows.map((row) => ({
          id: String(row._id),
          name: row.name,
          scope: row.scope,
          effect: row.effect,
          actions: row.actions,
          conditions: row.conditions as PolicyConditions,
        })),
      );
      // A read that overlapped a change may predate it: answer it, but do not keep it.
      if (feed.generation === generation)
        cache.set(key, { organizationId: owner.organizationId, compiled }, now);
      return compiled;
    },

    /** After a write to `owner`'s policies: every process drops what it compiled from them. */
    async changed(owner: PolicyOwner): Promise<void> {
      await feed.publish('policies', keyOf(owner));
    },
  };
}

export type PolicyStore = ReturnType<typeof createPolicyStore>;
