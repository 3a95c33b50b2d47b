import { useMutation } from '@tanstack/react-query';
import { KeyRound, Pencil } from 'lucide-react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { api } from '../../api/client';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import { usePermissions } from '../../components/permissions/usePermissions';
import { expectNoContent, useInvalidate, type Application } from '../../components/tenancy/queries';
import { DangerZoneCard, SettingsCard, SettingsStack } from '../../components/tenancy/SettingsLayout';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { useToast } from '../../ui/useToast';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * The Einstellungen tab: edit (application:update), create an API token (token:create), and
 * delete the application (application:delete, admins).
 */
export function ApplicationSettings({ application, onEdit }: { application: Application; onEdit(): void }) {
  const t = useT();
  const permissions = usePermissions(application.organization_id);
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
          <PermissionButton
            type="button"
            $variant="secondary"
            permissions={permissions}
            need="application:update"
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" size={16} />
            {t('tenancy.edit')}
          </PermissionButton>
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
        permissions={permissions}
        need="application:delete"
        label={t('applications.delete')}
        question={t('applications.confirmDelete', { name: application.name })}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </SettingsStack>
  );
}
