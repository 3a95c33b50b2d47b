import { ArrowLeft, Download } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import styled from 'styled-components';
import { useDescribeRule, useMetricValue } from '../../components/alerts/describe';
import { COMPARATOR_SIGNS, useAlertHistory, useAlertRule } from '../../components/alerts/queries';
import { RuleActions } from '../../components/alerts/RuleActions';
import { StateBadges } from '../../components/alerts/StateBadge';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { isNotFound, useApplications, useProjects } from '../../components/tenancy/queries';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useUiStore } from '../../stores/ui';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';
import { formatDuration } from '../../components/analytics/duration';
import { DataTable, Muted, Section } from '../Analytics/product/parts';
import { historyCsv, saveBlob } from './historyCsv';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

/** /alerts/{id} — the page alert mails link to: the rule, its actions and its history. */
export default function AlertDetail() {
  const t = useT();
  const { alertId = '' } = useParams();
  const navigate = useNavigate();
  const locale = useUiStore((state) => state.locale);
  const formatDate = useFormatDate();
  const describe = useDescribeRule();
  const value = useMetricValue();
  const rule = useAlertRule(alertId);
  const history = useAlertHistory(alertId);
  const projects = useProjects();
  const applications = useApplications();

  const back = (
    <BackLinkRow>
      <Link to="/alerts">
        <ArrowLeft aria-hidden="true" size={16} />
        {t('alerts.back')}
      </Link>
    </BackLinkRow>
  );
  if (rule.isPending) return <Skeletons count={2} height={160} label={t('common.loading')} />;
  if (rule.isError)
    return (
      <Page>
        <PageHeader before={back} title={t('alerts.title')} />
        <Alert tone="error">{isNotFound(rule.error) ? t('alerts.notFound') : t('alerts.loadFailed')}</Alert>
      </Page>
    );
  const data = rule.data;
  const scope = data.application_id
    ? applications.data?.find((entry) => entry.id === data.application_id)?.name
    : `${projects.data?.find((entry) => entry.id === data.project_id)?.name ?? '…'} (${t('alerts.wholeProject')})`;
  const entries = history.data?.data ?? [];
  const historyTitle = t('alerts.history.title');

  return (
    <Page>
      <PageHeader
        before={back}
        title={data.name}
        intro={describe(data)}
        actions={<StateBadges rule={data} />}
      />
      <Section aria-label={t('alerts.details')}>
        <Facts data-testid="alert-facts">
          <dt>{t('alerts.scope')}</dt>
          <dd>{scope ?? '…'}</dd>
          <dt>{t('alerts.lastMeasured')}</dt>
          <dd>
            {data.last_evaluated_at
              ? t('alerts.lastValue', {
                  value: value(data.metric, data.last_value),
                  at: formatDate(data.last_evaluated_at, true),
                })
              : t('alerts.notEvaluated')}
          </dd>
          <dt>{t('alerts.form.minSamples')}</dt>
          <dd>{data.min_samples}</dd>
          <dt>{t('alerts.form.cooldown')}</dt>
          <dd>{formatDuration(data.cooldown_s, locale)}</dd>
          <dt>{t('alerts.form.channels')}</dt>
          <dd>
            {[...data.channels.emails, ...(data.channels.webhook ? [t('alerts.webhooks')] : [])].join(', ') ||
              t('alerts.noChannels')}
          </dd>
        </Facts>
        <RuleActions rule={data} onDeleted={() => void navigate('/alerts')} />
      </Section>
      <Section aria-labelledby="alert-history-title">
        <TitleRow>
          <h2 id="alert-history-title">{historyTitle}</h2>
          <Button
            type="button"
            $variant="secondary"
            disabled={entries.length === 0}
            aria-label={t('product.csv.label', { title: historyTitle })}
            onClick={() => saveBlob(historyCsv(entries), `alert-history-${data.id}.csv`)}
          >
            <Download aria-hidden="true" size={16} />
            {t('product.csv')}
          </Button>
        </TitleRow>
        {history.isPending ? (
          <Skeletons count={1} height={80} label={t('common.loading')} />
        ) : history.isError ? (
          <Muted role="alert">{t('alerts.history.loadFailed')}</Muted>
        ) : (
          <DataTable
            label={historyTitle}
            testId="alert-history"
            rows={entries}
            rowKey={(entry) => entry.id}
            empty={t('alerts.history.empty')}
            columns={[
              { label: t('alerts.history.at'), render: (entry) => formatDate(entry.at, true) },
              { label: t('alerts.history.kind'), render: (entry) => t(`alerts.history.kind.${entry.kind}`) },
              {
                label: t('alerts.history.value'),
                numeric: true,
                render: (entry) => value(data.metric, entry.value),
              },
              { label: t('alerts.history.samples'), numeric: true, render: (entry) => entry.samples ?? '–' },
              {
                label: t('alerts.history.condition'),
                render: (entry) =>
                  `${COMPARATOR_SIGNS[entry.comparator]} ${value(data.metric, entry.threshold)}`,
              },
              {
                label: t('alerts.history.notified'),
                render: (entry) =>
                  entry.notified.suppressed
                    ? t(`alerts.history.suppressed.${entry.notified.suppressed}`)
                    : t('alerts.history.sent', {
                        emails: String(entry.notified.emails),
                        webhook: t(entry.notified.webhook ? 'alerts.yes' : 'alerts.no'),
                      }),
              },
            ]}
          />
        )}
      </Section>
    </Page>
  );
}
