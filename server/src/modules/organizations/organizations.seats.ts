import mongoose, { type Connection, type Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { OrganizationErrors } from './organizations.errors.js';
import { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';

/**
 * Seats (`active_member_count`) and the last-admin rule, shared by the use cases that start or
 * end a membership (invitations, removal, leave links). A seat is taken with a conditional
 * `$inc` before a membership becomes active and given back after it stops being active, so the
 * count never falls below the truth and concurrent invitations cannot pass `max_members` (no
 * transactions needed).
 */
export function createSeats(connection: Connection) {
  const { Organizations, Members } = organizationModels(connection);

  async function activeAdminCount(organizationId: Types.ObjectId): Promise<number> {
    return Members.countDocuments({ organization_id: organizationId, role: 'admin', is_active: true });
  }

  async function ensureMemberCount(organization: OrganizationDocument): Promise<void> {
    if (typeof organization.active_member_count === 'number') return;
    // Created before the counter existed. Every membership change calls this first, so once the
    // field is set no count can be stale; the `$exists: false` guard keeps the first writer's.
    const count = await Members.countDocuments({
      organization_id: organization._id,
      $or: [{ is_active: true }, { pending: true }],
    });
    await Organizations.updateOne(
      { _id: organization._id, active_member_count: mongoose.trusted({ $exists: false }) },
      { $set: { active_member_count: count } },
    );
  }

  async function takeSeat(organizationId: Types.ObjectId): Promise<boolean> {
    const taken = await Organizations.updateOne(
      {
        _id: organizationId,
        $expr: mongoose.trusted({ $lt: ['$active_member_count', '$max_members'] }),
      },
      { $inc: { active_member_count: 1 } },
    );
    return taken.modifiedCount === 1;
  }

  async function giveSeatBack(organizationId: Types.ObjectId): Promise<void> {
    await Organizations.updateOne(
      { _id: organizationId, active_member_count: mongoose.trusted({ $gt: 0 }) },
      { $inc: { active_member_count: -1 } },
    );
  }

  /**
   * Ends an active membership and gives its seat back, never leaving the organization without an
   * active admin (checked before and re-checked after the write, since two admins may leave at once).
   * A pending invitation is withdrawn or declined the same way; it was never an admin.
   */
  async function endMembership(organization: OrganizationDocument, member: MemberDocument): Promise<void> {
    if (member.pending) return endInvitation(organization, member);
    if (member.role === 'admin' && (await activeAdminCount(organization._id)) <= 1)
      throw new AppError(OrganizationErrors.LAST_ADMIN);
    await ensureMemberCount(organization);
    const ended = await Members.updateOne(
      { _id: member._id, is_active: true },
      { $set: { is_active: false } },
    );
    // A concurrent request ended it first (and gave the seat back).
    if (ended.modifiedCount === 0) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
    if (member.role === 'admin' && (await activeAdminCount(organization._id)) === 0) {
      const restored = await Members.updateOne(
        { _id: member._id, is_active: false },
        { $set: { is_active: true } },
      );
      // Re-invited in between: that invitation took its own seat, so this one is free.
      if (restored.modifiedCount === 0) await giveSeatBack(organization._id);
      throw new AppError(OrganizationErrors.LAST_ADMIN);
    }
    await giveSeatBack(organization._id);
  }

  /** Ends a pending invitation (declined or withdrawn) and frees the seat it held. */
  async function endInvitation(organization: OrganizationDocument, member: MemberDocument): Promise<void> {
    await ensureMemberCount(organization);
    const ended = await Members.updateOne(
      { _id: member._id, pending: true, is_active: false },
      { $set: { pending: false } },
    );
    // Accepted, declined or withdrawn by a concurrent request first.
    if (ended.modifiedCount === 0) throw new AppError(OrganizationErrors.MEMBER_NOT_FOUND);
    await giveSeatBack(organization._id);
  }

  return { activeAdminCount, ensureMemberCount, takeSeat, giveSeatBack, endMembership };
}

export type Seats = ReturnType<typeof createSeats>;
