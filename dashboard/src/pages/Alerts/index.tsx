import { ArrowLeft, BellRing, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useDescribeRule, useMetricValue } from '../../components/alerts/describe';
import { useAlertRules, type AlertFilter } from '../../components/alerts/queries';
import { RuleActions } from '../../components/alerts/RuleActions';
import { RuleDialog } from '../../components/alerts/RuleDialog';
import { StateBadges } from '../../components/alerts/StateBadge';
import { useOrganizationsWith } from '../../components/permissions/usePermissions';
import { BackLinkRow, CardGrid, ItemCard, PageHeader } from '../../components/tenancy/PageParts';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { ControlBar, ScopeFields, useProductScope } from '../Analytics/product/ScopeBar';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Facts = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/**
 * /alerts: the alert rules of the organizations, a project or an application (filters in the
 * address), with their state; create, edit, mute, test and delete (issue #35).
 */
export default function Alerts() {
  const t = useT();
  const formatDate = useFormatDate();
  const describe = useDescribeRule();
  const value = useMetricValue();
  const scope = useProductScope();
  const [creating, setCreating] = useState(false);
  const filter: AlertFilter = scope.applicationId
    ? { application_id: scope.applicationId }
    : scope.projectId
      ? { project_id: scope.projectId }
      : scope.organizationId
        ? { organization_id: scope.organizationId }
        : {};
  const rules = useAlertRules(filter);
  const managers = useOrganizationsWith('alert:manage');
  const scopeName = (rule: { project_id: string; application_id: string | null }) =>
    rule.application_id
      ? (scope.applications.find((entry) => entry.id === rule.application_id)?.name ?? '…')
      : `${scope.projects.find((entry) => entry.id === rule.project_id)?.name ?? '…'} (${t('alerts.wholeProject')})`;

  return (
    <Page>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('analytics.back')}
            </Link>
          </BackLinkRow>
        }
        title={t('alerts.title')}
        intro={t('alerts.intro')}
        actions={
          managers.organizations.length > 0 ? (
            <Button type="button" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" size={16} />
              {t('alerts.new')}
            </Button>
          ) : null
        }
      />
      <ControlBar
        as="form"
        role="search"
        aria-label={t('analytics.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <ScopeFields scope={scope} filter />
      </ControlBar>
      {rules.isPending ? (
        <Skeletons count={2} height={140} label={t('common.loading')} />
      ) : rules.isError ? (
        <Alert tone="error">{t('alerts.loadFailed')}</Alert>
      ) : rules.data.length === 0 ? (
        <EmptyState
          icon={<BellRing aria-hidden="true" size={32} />}
          title={t('alerts.empty.title')}
          text={t('alerts.empty.text')}
        />
      ) : (
        <CardGrid as="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="alert-rules">
          {rules.data.map((rule) => (
            <ItemCard as="li" key={rule.id} data-testid="alert-rule">
              <h2>
                <Link to={`/alerts/${rule.id}`}>{rule.name}</Link>
              </h2>
              <Badges>
                <StateBadges rule={rule} />
              </Badges>
              <p>{describe(rule)}</p>
              <Facts>
                {scopeName(rule)}
                <br />
                {rule.last_evaluated_at
                  ? t('alerts.lastValue', {
                      value: value(rule.metric, rule.last_value),
                      at: formatDate(rule.last_evaluated_at, true),
                    })
                  : t('alerts.notEvaluated')}
              </Facts>
              <RuleActions rule={rule} />
            </ItemCard>
          ))}
        </CardGrid>
      )}
      {creating ? (
        <RuleDialog
          open
          onOpenChange={setCreating}
          scope={{ projectId: scope.projectId, applicationId: scope.applicationId }}
        />
      ) : null}
    </Page>
  );
}
