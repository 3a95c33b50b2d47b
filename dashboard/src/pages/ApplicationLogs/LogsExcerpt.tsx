import styled from 'styled-components';
import { LinkPanel } from '../../components/tenancy/LinkPanel';
import { useT } from '../../i18n/useT';
import { applicationStatusVariant, DEFAULT_LOG_PERIOD } from '../Logs/logFilters';
import { LogList } from '../Logs/LogList';
import type { LogColumn } from '../Logs/LogTable';
import { useActivityLogs } from '../Logs/queries';
import { SummaryCards } from './SummaryCards';

/** The excerpt's newest entries, and how often it reads them again while open. */
export const EXCERPT_ROWS = 5;
export const EXCERPT_REFRESH_MS = 30_000;
const COLUMNS: readonly LogColumn[] = ['time', 'action', 'status', 'endpoint'];

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

/**
 * The Logs tab of a project or an application: its summary cards and newest entries of the
 * last 7 days, kept current while the tab is open, and the way to the whole logs page.
 */
export function LogsExcerpt({
  projectId,
  applicationId,
  title,
  text,
  links,
}: {
  projectId: string;
  applicationId?: string;
  title: string;
  text: string;
  links: { to: string; label: string; secondary?: boolean }[];
}) {
  const t = useT();
  const logs = useActivityLogs(
    { period: DEFAULT_LOG_PERIOD, ...(applicationId ? { applicationId } : { projectId }) },
    { limit: EXCERPT_ROWS, refetchInterval: EXCERPT_REFRESH_MS },
  );
  return (
    <LinkPanel title={title} text={text} links={links}>
      <SummaryCards
        projectId={projectId}
        applicationId={applicationId}
        period={DEFAULT_LOG_PERIOD}
        refetchInterval={EXCERPT_REFRESH_MS}
      />
      <Section aria-labelledby="logs-excerpt-latest">
        <h3 id="logs-excerpt-latest">{t('logs.excerpt.latest')}</h3>
        <LogList
          logs={logs}
          columns={COLUMNS}
          label={t('logs.excerpt.latest')}
          statusVariant={applicationStatusVariant}
          filtered={false}
        />
      </Section>
    </LinkPanel>
  );
}
