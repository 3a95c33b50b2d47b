import { z } from '../lib/openapi.js';

/**
 * Skills (issue #33): what a person can do, as a name and an optional level from 1 to 5 —
 * carried by organization members (on the membership, `organization_members.skills`) and by a
 * project's end users (on the account, `profiles.skills`), edited by whoever holds
 * `skill:manage`, shown in member and user lists, and read by policies (conditions on the
 * subject's skills with a minimum level). A list replaces the previous one as a whole.
 *
 * Names are stored as typed (trimmed) and unique case-insensitively within one person's list;
 * compare them case-insensitively (`skillKey`).
 */
export interface Skill {
  name: string;
  /** 1 (beginner) … 5 (expert); null when the skill has no level. */
  level: number | null;
}

export const MAX_SKILLS = 50;
export const MAX_SKILL_NAME_LENGTH = 50;
export const MIN_SKILL_LEVEL = 1;
export const MAX_SKILL_LEVEL = 5;

/** How names are compared: trimmed, lower-cased (`TypeScript` and `typescript` are one skill). */
export function skillKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The stored field's definition (mongoose), shared by the membership and the account schemas: a
 * list of `{name, level}` without ids, empty by default.
 */
export const SKILLS_FIELD = {
  type: [
    {
      _id: false,
      name: { type: String, required: true, maxlength: MAX_SKILL_NAME_LENGTH },
      level: { type: Number, default: null, min: MIN_SKILL_LEVEL, max: MAX_SKILL_LEVEL },
    },
  ],
  default: [],
};

/**
 * A document's skills as the API answers them: always a list (documents stored before skills
 * existed have none), each with `level` null when absent. Policies read skills through this too.
 */
export function skillsOf(
  document: { skills?: ReadonlyArray<Partial<Skill>> | null } | null | undefined,
): Skill[] {
  return (document?.skills ?? [])
    .filter((skill): skill is Partial<Skill> & { name: string } => typeof skill?.name === 'string')
    .map((skill) => ({
      name: skill.name,
      level: typeof skill.level === 'number' ? skill.level : null,
    }));
}

/** Whether two lists are the same, in the same order (then nothing changed: no audit, no event). */
export function sameSkills(a: readonly Skill[], b: readonly Skill[]): boolean {
  return (
    a.length === b.length && a.every((skill, i) => skill.name === b[i]!.name && skill.level === b[i]!.level)
  );
}

export const SkillSchema = z
  .object({
    name: z.string().openapi({ example: 'TypeScript' }),
    level: z
      .number()
      .int()
      .min(MIN_SKILL_LEVEL)
      .max(MAX_SKILL_LEVEL)
      .nullable()
      .openapi({ description: '1 (beginner) to 5 (expert); null when the skill has no level.', example: 4 }),
  })
  .openapi('Skill', { description: 'A skill: a name and an optional level.' });

export const SkillListSchema = z.array(SkillSchema).openapi({
  description:
    'The person’s skills in the order they were set (names unique case-insensitively); empty when none.',
});

const SkillInputSchema = z.object({
  name: z
    .string({ error: 'Name the skill.' })
    .trim()
    .min(1, 'Name the skill.')
    .max(MAX_SKILL_NAME_LENGTH, `At most ${MAX_SKILL_NAME_LENGTH} characters.`)
    .regex(/^[^\p{Cc}]*$/u, 'No control characters.')
    .openapi({ example: 'TypeScript' }),
  level: z
    .number({ error: `A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.` })
    .int(`A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
    .min(MIN_SKILL_LEVEL, `A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
    .max(MAX_SKILL_LEVEL, `A whole number from ${MIN_SKILL_LEVEL} to ${MAX_SKILL_LEVEL}.`)
    .nullable()
    .optional()
    .openapi({ description: '1 (beginner) to 5 (expert); leave out (or null) for none.', example: 4 }),
});

/** PUT …/skills: the whole new list (an empty list removes every skill). */
export const SetSkillsSchema = z
  .object({
    skills: z
      .array(SkillInputSchema)
      .max(MAX_SKILLS, `At most ${MAX_SKILLS} skills.`)
      .superRefine((skills, ctx) => {
        const seen = new Map<string, string>();
        skills.forEach((skill, index) => {
          const key = skillKey(skill.name);
          const first = seen.get(key);
          if (first !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `The skill “${skill.name}” appears twice (names are compared case-insensitively, “${first}” came first).`,
            });
          else seen.set(key, skill.name);
        });
      }),
  })
  .openapi('SetSkillsRequest', {
    description: `Replaces the list: at most ${MAX_SKILLS} skills, each a name (1–${MAX_SKILL_NAME_LENGTH} characters, trimmed, unique case-insensitively) and an optional level (${MIN_SKILL_LEVEL}–${MAX_SKILL_LEVEL}).`,
  });

export type SetSkillsInput = z.infer<typeof SetSkillsSchema>;

/** The validated request's list as it is stored. */
export function toSkills(input: SetSkillsInput['skills']): Skill[] {
  return input.map((skill) => ({ name: skill.name, level: skill.level ?? null }));
}
