import { z } from '../../lib/openapi.js';

/** The steps of the first run, in the order a new team takes them. */
export const ONBOARDING_STEPS = [
  'organization',
  'project',
  'application',
  'origin',
  'snippet',
  'event',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

const id = z.string().nullable();

export const OnboardingSchema = z
  .object({
    steps: z
      .array(
        z.object({
          key: z.enum(ONBOARDING_STEPS).openapi({
            description:
              'organization: a membership; project: an active project; application: an active application; origin: an application with an allowed origin; snippet: the SDK registered an installation, or the organization received a request from an SDK, the widget or an API token; event: an analytics event was counted.',
          }),
          done: z.boolean(),
        }),
      )
      .openapi({ description: 'Every step, in order (always all six).' }),
    done: z.number().int().openapi({ description: 'How many steps are done.' }),
    total: z.number().int(),
    complete: z.boolean().openapi({ description: 'Every step is done.' }),
    dismissed: z
      .boolean()
      .openapi({ description: 'The person hid the checklist (POST /onboarding/dismissal).' }),
    dismissed_at: z.iso.datetime().nullable(),
    next: z
      .enum(ONBOARDING_STEPS)
      .nullable()
      .openapi({ description: 'The first step not done; null when complete.' }),
    context: z.object({ organization_id: id, project_id: id, application_id: id }).openapi({
      description:
        'Where the next step is done: the organization, project and application found for the steps done so far (the most recently created), null where none exists yet. The dashboard links each step there.',
    }),
  })
  .openapi('Onboarding');
export type OnboardingView = z.infer<typeof OnboardingSchema>;
