import type { UserContact, UsersService } from '../users/index.js';
import { inCatalogOrder, type PermissionName } from '../../core/permissions.js';
import { skillsOf, type Skill } from '../../core/skills.js';
import type { MemberDocument, OrganizationDocument } from './organizations.model.js';

export interface Membership {
  organization: OrganizationDocument;
  member: MemberDocument;
  /** The member's role: built-in (`admin`, `member`) or a custom role's name. */
  role: string;
  /** What that role allows in this organization (core/permissions.ts; custom roles: stored). */
  permissions: ReadonlySet<PermissionName>;
}

/** An organization as the API answers it, with the caller's role: ids and dates as strings. */
export interface OrganizationView extends Pick<
  OrganizationDocument,
  'name' | 'slug' | 'description' | 'website_url' | 'is_active' | 'max_members' | 'require_two_factor'
> {
  id: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  role: string;
  /** The caller's permissions in this organization (their role's), for the dashboard. */
  my_permissions: PermissionName[];
}

export interface MemberView {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  is_active: boolean;
  /** `pending` until the invited person accepts (then `active`). */
  status: 'pending' | 'active';
  invited_by: string | null;
  joined_at: string;
  user: { id: string; email: string; display_name: string };
  skills: Skill[];
}

/** A pending invitation as its invitee sees it (GET /invitations). */
export interface InvitationView {
  id: string;
  organization: { id: string; name: string };
  role: string;
  invited_by: { id: string; email: string; display_name: string } | null;
  created_at: string;
}

/** What a leave link is about: shown on its confirmation page and answered when it is used. */
export interface LeaveLinkView {
  organization_id: string;
  organization_name: string;
  /** Who added the person (display name, or the address when there is none). */
  inviter_name: string;
  inviter_email: string;
}

export function organizationView(
  org: OrganizationDocument,
  role: string,
  permissions: ReadonlySet<PermissionName>,
): OrganizationView {
  return {
    id: String(org._id),
    name: org.name,
    slug: org.slug,
    description: org.description,
    website_url: org.website_url,
    is_active: org.is_active,
    max_members: org.max_members,
    require_two_factor: org.require_two_factor ?? false,
    created_by: String(org.created_by),
    created_at: org.created_at.toISOString(),
    updated_at: org.updated_at.toISOString(),
    role,
    my_permissions: inCatalogOrder(permissions),
  };
}

/** Members with the name and address of each (read through the users service in one query). */
export async function memberViews(users: UsersService, members: MemberDocument[]): Promise<MemberView[]> {
  const contacts = await users.contactsOf(members.map((m) => m.user_id));
  const byId = new Map(contacts.map((user) => [String(user._id), user]));
  return members.map((member) => {
    const user = byId.get(String(member.user_id));
    return {
      id: String(member._id),
      organization_id: String(member.organization_id),
      user_id: String(member.user_id),
      role: member.role,
      is_active: member.is_active,
      status: member.pending ? 'pending' : 'active',
      invited_by: member.invited_by ? String(member.invited_by) : null,
      joined_at: member.joined_at.toISOString(),
      user: {
        id: String(member.user_id),
        email: user?.email ?? '',
        display_name: user?.display_name ?? '',
      },
      skills: skillsOf(member),
    };
  });
}

/** How an inviter is named in mails and on the leave pages: display name, else the address. */
export function inviterNames(inviter: UserContact | undefined): { name: string; email: string } {
  return { name: inviter?.display_name || inviter?.email || '', email: inviter?.email ?? '' };
}
