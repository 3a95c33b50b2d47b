/** Error catalog of the documentation assistant and the guides it serves. */
export const AssistantErrors = {
  QUESTION_REQUIRED: {
    status: 400,
    code: 'question_required',
    message: 'Please enter a question',
  },
  GUIDE_NOT_FOUND: {
    status: 404,
    code: 'guide_not_found',
    message: 'There is no guide with this name.',
  },
} as const;
