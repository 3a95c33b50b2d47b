import type { ErrorDefinition } from '../../lib/errors.js';

/** The error catalog of policies and the check API (issue #33). */
export const PolicyErrors = {
  INVALID_POLICY: {
    status: 400,
    code: 'invalid_policy',
    message: 'The policy is invalid.',
  },
  NOT_FOUND: {
    status: 404,
    code: 'policy_not_found',
    message: 'No such policy here.',
  },
  NAME_TAKEN: {
    status: 409,
    code: 'policy_name_taken',
    message: 'A policy with this name exists already here.',
  },
  LIMIT_REACHED: {
    status: 409,
    code: 'policy_limit_reached',
    message: 'A project or organization may have at most 2,000 policies.',
  },
  SUBJECT_NOT_FOUND: {
    status: 404,
    code: 'subject_not_found',
    message: 'No such user: the subject must be an end user of the project or a member of its organization.',
  },
  SCOPE_REQUIRED: {
    status: 400,
    code: 'authorize_scope_required',
    message: 'Name the project (project_id) or organization (organization_id) whose policies decide.',
  },
} as const satisfies Record<string, ErrorDefinition>;
