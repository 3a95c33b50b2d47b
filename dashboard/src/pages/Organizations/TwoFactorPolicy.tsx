import { holds } from '../../components/permissions/usePermissions';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useInvalidate, type Organization } from '../../components/tenancy/queries';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { Badge } from '../../ui/Badge';
import { useToast } from '../../ui/useToast';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 1rem;
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
  cursor: pointer;
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  input:disabled {
    cursor: not-allowed;
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The organization's two-factor policy in its settings: admins switch "require two-factor for
 * all members" on or off (saved at once); members see whether it is required.
 */
export function TwoFactorPolicy({ organization }: { organization: Organization }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const hintId = useId();
  const headingId = useId();
  // Changing it is a settings change: organization:update (admins).
  const isAdmin = holds(organization, 'organization:update');
  const [required, setRequired] = useState(organization.require_two_factor === true);
  const ownTwoFactor = useSessionStore((state) => state.session?.user.two_factor?.enabled);

  const save = useMutation({
    mutationFn: async (value: boolean) =>
      unwrap(
        await api.PATCH('/api/v1/organizations/{id}', {
          params: { path: { id: organization.id } },
          body: { require_two_factor: value },
        }),
      ),
    onMutate: (value) => setRequired(value),
    onSuccess: async (updated) => {
      setRequired(updated.require_two_factor);
      toast({
        title: updated.require_two_factor
          ? t('organizations.twoFactor.nowRequired')
          : t('organizations.twoFactor.nowOptional'),
        description: updated.name,
        variant: 'success',
      });
      await invalidate('organizations');
    },
    onError: (error, value) => {
      setRequired(!value);
      fail('tenancy.updateFailed', error);
    },
  });

  return (
    <Section aria-labelledby={headingId}>
      <h3 id={headingId}>
        <ShieldCheck aria-hidden="true" size={18} />
        {t('organizations.twoFactor.title')}
        <Badge $tone={required ? 'success' : 'muted'}>
          {required ? t('organizations.twoFactor.required') : t('organizations.twoFactor.optional')}
        </Badge>
      </h3>
      <Check>
        <input
          type="checkbox"
          name="require_two_factor"
          checked={required}
          disabled={!isAdmin || save.isPending}
          aria-describedby={hintId}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        {t('organizations.twoFactor.label')}
      </Check>
      <Hint id={hintId}>
        {t('organizations.twoFactor.hint')}
        {isAdmin && ownTwoFactor === false ? ` ${t('organizations.twoFactor.selfHint')}` : ''}
      </Hint>
    </Section>
  );
}
