import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { VisuallyHidden } from '../../ui/Skeleton';

/** A skill as the API answers it (members and pool users): a name and a level 1–5 or none. */
export interface SkillValue {
  name: string;
  level: number | null;
}

/** The highest level a skill can have (the API takes 1–5). */
export const MAX_LEVEL = 5;

const Chips = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

/** A small rounded label: the name, then the level in a darker dot. */
const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  max-width: 100%;
  padding: 1px ${({ theme }) => theme.space(2)};
  border: 1px solid #c7d2fe;
  border-radius: 999px;
  background: #eef2ff;
  color: #312e81;
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.5;
  > span:first-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Level = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 1.25em;
  height: 1.25em;
  border-radius: 999px;
  background: #3730a3;
  color: #fff;
  font-size: 0.7rem;
`;

/**
 * A person's skills as chips ("TypeScript ④"), read as a list ("TypeScript, Stufe 4 von 5").
 * Nothing at all when there are none: lists stay quiet for people without skills.
 */
export function SkillChips({
  skills,
  label,
}: {
  skills: readonly SkillValue[] | undefined;
  /** The list's accessible name, e.g. "Skills von Ada". */
  label: string;
}) {
  const t = useT();
  if (!skills || skills.length === 0) return null;
  return (
    <Chips role="list" aria-label={label} data-testid="skill-chips">
      {skills.map((skill) => (
        <Chip role="listitem" key={skill.name} title={skill.name}>
          <span>{skill.name}</span>
          {skill.level ? (
            <>
              <Level aria-hidden="true">{skill.level}</Level>
              <VisuallyHidden>{`, ${t('skills.level', { level: String(skill.level) })}`}</VisuallyHidden>
            </>
          ) : null}
        </Chip>
      ))}
    </Chips>
  );
}
