export const ProjectErrors = {
  NOT_FOUND: { status: 404, code: 'project_not_found', message: 'Project not found.' },
  SLUG_TAKEN: {
    status: 409,
    code: 'slug_taken',
    message: 'This slug is already used by another project of this organization. Choose another one.',
  },
} as const;
