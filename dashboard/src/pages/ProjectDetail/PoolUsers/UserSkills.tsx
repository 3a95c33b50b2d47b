import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../../api/client';
import { SkillChips } from '../../../components/skills/SkillChips';
import { SkillsDialog } from '../../../components/skills/SkillsDialog';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { poolUserKeys, type PoolUser } from './queries';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * "Skills" in a user's details panel: the chips, and for admins "Skills bearbeiten" with the
 * dialog (PUT /projects/{id}/users/{user_id}/skills); the list and the panel refresh after saving.
 */
export function UserSkills({
  projectId,
  user,
  canChange,
}: {
  projectId: string;
  user: PoolUser;
  canChange: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const skills = user.skills ?? [];
  const name = user.display_name || user.email;
  return (
    <Section aria-labelledby={`skills-${user.id}`}>
      <h3 id={`skills-${user.id}`}>{t('skills.title')}</h3>
      <Line>
        {skills.length > 0 ? (
          <SkillChips skills={skills} label={t('skills.listOf', { name })} />
        ) : (
          <p>{t('skills.none')}</p>
        )}
        {canChange ? (
          <Button
            type="button"
            $variant="secondary"
            aria-label={t('skills.editLabel', { name })}
            onClick={() => setEditing(true)}
          >
            {t('skills.edit')}
          </Button>
        ) : null}
      </Line>
      {canChange ? (
        <SkillsDialog
          open={editing}
          onOpenChange={setEditing}
          name={name}
          skills={skills}
          save={async (next) => {
            const answer = unwrap(
              await api.PUT('/api/v1/projects/{id}/users/{user_id}/skills', {
                params: { path: { id: projectId, user_id: user.id } },
                body: { skills: next.map(({ name: skill, level }) => ({ name: skill, level })) },
              }),
            );
            await queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) });
            return answer;
          }}
        />
      ) : null}
    </Section>
  );
}
