import styled from 'styled-components';
import { LinkPanel } from '../../components/tenancy/LinkPanel';
import { useApplications, type Project } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';

const Summary = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

/**
 * The Logs tab: what the project has (real figures only) and the way to its logs page, as a
 * whole or per application.
 */
export function LogsTab({ project }: { project: Project }) {
  const t = useT();
  const applications = useApplications(project.id);
  const list = applications.data ?? [];
  return (
    <LinkPanel
      title={t('projects.detail.logs')}
      text={t('projects.detail.logsText')}
      links={[
        { to: `/projects/${project.id}/logs`, label: t('projects.detail.openLogs') },
        ...list.map((application) => ({
          to: `/projects/${project.id}/logs?app=${application.id}`,
          label: t('projects.detail.logsFor', { name: application.name }),
          secondary: true,
        })),
      ]}
    >
      <Summary>
        <div>
          <dt>{t('projects.detail.applicationCount')}</dt>
          <dd>{applications.isPending ? '–' : list.length}</dd>
        </div>
        <div>
          <dt>{t('projects.detail.environment')}</dt>
          <dd>{t(`projects.environment.${project.environment}`)}</dd>
        </div>
      </Summary>
    </LinkPanel>
  );
}
