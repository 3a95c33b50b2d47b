import { useMutation } from '@tanstack/react-query';
import { KeyRound, Pencil } from 'lucide-react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import {
  expectNoContent,
  useInvalidate,
  type Application,
  type Role,
} from '../../components/tenancy/queries';
import { DangerZoneCard, SettingsCard, SettingsStack } from '../../components/tenancy/SettingsLayout';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Button, ButtonRouterLink } from '../../ui/Button';
import { useToast } from '../../ui/useToast';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** The Einstellungen tab: edit, create an API token, and (admins) delete the application. */
export function ApplicationSettings({
  application,
  role,
  onEdit,
}: {
  application: Application;
  role?: Role;
  onEdit(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const navigate = useNavigate();

  const remove = useMutation({
    mutationFn: async () =>
      expectNoContent(
        await api.DELETE('/api/v1/applications/{id}', { params: { path: { id: application.id } } }),
      ),
    onSuccess: async () => {
      toast({ title: t('applications.deleted'), description: application.name, variant: 'success' });
      navigate(`/projects/${application.project_id}`);
      await invalidate('applications');
    },
    onError: (failure) => fail('tenancy.deleteFailed', failure),
  });

  return (
    <SettingsStack $headingSpace={2}>
      <SettingsCard title={t('applications.edit.title')} text={t('applications.edit.description')}>
        <Row>
          <Button type="button" $variant="secondary" onClick={onEdit}>
            <Pencil aria-hidden="true" size={16} />
            {t('tenancy.edit')}
          </Button>
        </Row>
      </SettingsCard>
      <SettingsCard title={t('applications.detail.createToken')} text={t('applications.detail.tokenText')}>
        <Row>
          <ButtonRouterLink to={`/tokens?applicationId=${application.id}`} $variant="secondary">
            <KeyRound aria-hidden="true" size={16} />
            {t('applications.detail.createToken')}
          </ButtonRouterLink>
        </Row>
      </SettingsCard>
      <DangerZoneCard
        title={t('applications.delete')}
        text={t('applications.deleteText')}
        role={role}
        notAllowedText={t('applications.deleteAdminOnly')}
        label={t('applications.delete')}
        question={t('applications.confirmDelete', { name: application.name })}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </SettingsStack>
  );
}
