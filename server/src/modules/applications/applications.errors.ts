export const ApplicationErrors = {
  NOT_FOUND: { status: 404, code: 'application_not_found', message: 'Application not found.' },
  SLUG_TAKEN: {
    status: 409,
    code: 'slug_taken',
    message: 'This slug is already used by another application of this project. Choose another one.',
  },
} as const;
