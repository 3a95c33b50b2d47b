import { RefreshCw } from 'lucide-react';
import styled from 'styled-components';
import type { Application, Organization, Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { SelectField } from '../../ui/Select';
import { PERIODS, type Period } from './queries';

const Bar = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  padding: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 190px), 1fr));
`;

export interface FilterValues {
  period: Period;
  organizationId: string;
  projectId: string;
  applicationId: string;
}

/**
 * Period and the cascading organization → project → application filters, and refresh. A
 * choice clears the narrower ones below it; lists below show only what belongs to the choice.
 */
export function Filters({
  values,
  organizations,
  projects,
  applications,
  refreshing,
  onChange,
  onRefresh,
}: {
  values: FilterValues;
  organizations: Organization[];
  projects: Project[];
  applications: Application[];
  refreshing: boolean;
  onChange(next: FilterValues): void;
  onRefresh(): void;
}) {
  const t = useT();
  const projectOptions = projects.filter(
    (project) => !values.organizationId || project.organization_id === values.organizationId,
  );
  const applicationOptions = applications.filter(
    (application) =>
      (!values.projectId || application.project_id === values.projectId) &&
      (!values.organizationId || application.organization_id === values.organizationId),
  );
  return (
    <Bar
      as="form"
      role="search"
      aria-label={t('analytics.filters')}
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label={t('analytics.period')}
        name="period"
        value={values.period}
        options={PERIODS.map((period) => ({ value: period, label: t(`analytics.period.${period}`) }))}
        onChange={(event) => onChange({ ...values, period: event.target.value as Period })}
      />
      <SelectField
        label={t('analytics.organization')}
        name="organization"
        value={values.organizationId}
        placeholder={t('analytics.organization.all')}
        options={organizations.map((organization) => ({ value: organization.id, label: organization.name }))}
        onChange={(event) =>
          onChange({ ...values, organizationId: event.target.value, projectId: '', applicationId: '' })
        }
      />
      <SelectField
        label={t('analytics.project')}
        name="project"
        value={values.projectId}
        placeholder={t('analytics.project.all')}
        options={projectOptions.map((project) => ({ value: project.id, label: project.name }))}
        onChange={(event) => onChange({ ...values, projectId: event.target.value, applicationId: '' })}
      />
      <SelectField
        label={t('analytics.application')}
        name="app"
        value={values.applicationId}
        placeholder={t('analytics.application.all')}
        options={applicationOptions.map((application) => ({
          value: application.id,
          label: application.name,
        }))}
        onChange={(event) => onChange({ ...values, applicationId: event.target.value })}
      />
      <Button type="button" $variant="secondary" onClick={onRefresh} aria-busy={refreshing}>
        <RefreshCw aria-hidden="true" size={16} />
        {t('analytics.refresh')}
      </Button>
    </Bar>
  );
}
