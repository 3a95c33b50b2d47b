import { ExternalLink, FolderKanban, KeyRound, Settings, Users } from 'lucide-react';
import { useId } from 'react';
import { CardFooter, CardTitleRow, ItemCard, Muted } from '../../components/tenancy/PageParts';
import { useFormatDate } from '../../i18n/format';
import type { Organization } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Button, ButtonRouterLink } from '../../ui/Button';
import { roleLabel } from '../../components/tenancy/roleLabel';
import { holds } from '../../components/permissions/usePermissions';

/** One organization: name, @slug, status, description, member limit, creation date, website, actions. */
export function OrganizationCard({
  organization,
  onMembers,
  onSettings,
}: {
  organization: Organization;
  onMembers(): void;
  onSettings(): void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const headingId = useId();
  return (
    <ItemCard aria-labelledby={headingId} data-testid="organization-card">
      <CardTitleRow>
        <div style={{ minWidth: 0 }}>
          <h2 id={headingId}>{organization.name}</h2>
          <Muted>@{organization.slug}</Muted>
        </div>
        <Badge $tone={organization.is_active ? 'success' : 'muted'}>
          {organization.is_active ? t('tenancy.status.active') : t('tenancy.status.inactive')}
        </Badge>
      </CardTitleRow>
      {organization.description ? <p>{organization.description}</p> : null}
      <Muted>
        {t('organizations.maxMembers', { count: String(organization.max_members) })} ·{' '}
        {t('organizations.yourRole', { role: roleLabel(t, organization.role) })}
      </Muted>
      <Muted>{t('tenancy.createdOn', { date: formatDate(organization.created_at) })}</Muted>
      {organization.website_url ? (
        <a href={organization.website_url} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden="true" size={14} /> {organization.website_url.replace(/^https?:\/\//, '')}
        </a>
      ) : null}
      <CardFooter>
        <ButtonRouterLink
          to={`/projects?organization=${encodeURIComponent(organization.id)}`}
          $variant="secondary"
        >
          <FolderKanban aria-hidden="true" size={16} />
          {t('organizations.projects')}
        </ButtonRouterLink>
        <Button type="button" $variant="secondary" onClick={onMembers}>
          <Users aria-hidden="true" size={16} />
          {t('organizations.members')}
        </Button>
        {holds(organization, 'role:read') ? (
          <ButtonRouterLink
            to={`/organizations/${encodeURIComponent(organization.id)}/roles`}
            $variant="secondary"
          >
            <KeyRound aria-hidden="true" size={16} />
            {t('roles.open')}
          </ButtonRouterLink>
        ) : null}
        <Button type="button" $variant="secondary" onClick={onSettings}>
          <Settings aria-hidden="true" size={16} />
          {t('organizations.settings')}
        </Button>
      </CardFooter>
    </ItemCard>
  );
}
