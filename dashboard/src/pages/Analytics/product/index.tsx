import { ArrowLeft, BarChart3 } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import styled from 'styled-components';
import { BackLinkRow, PageHeader } from '../../../components/tenancy/PageParts';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { EmptyState } from '../../../ui/EmptyState';
import { SelectField } from '../../../ui/Select';
import { LifecycleView, StickinessView } from './ActivityViews';
import { AnalyticsNav, VIEWS, type View } from './AnalyticsNav';
import { FunnelView } from './FunnelView';
import { PagesView } from './PagesView';
import { RetentionView } from './RetentionView';
import { ControlBar, ScopeFields, useProductScope } from './ScopeBar';
import { oneOf, RANGES, rangeStart, useUrlState } from './urlState';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const TITLES: Record<View, MessageKey> = {
  pages: 'product.pages.heading',
  funnels: 'product.funnel.heading',
  retention: 'product.retention.heading',
  stickiness: 'product.stickiness.heading',
  lifecycle: 'product.lifecycle.heading',
};

/** Views that read a date range ending today (the others count periods up to now). */
const RANGED: ReadonlySet<View> = new Set(['pages', 'funnels']);

/**
 * Product analytics of one application or project (issue #35): page views, funnels, retention,
 * stickiness and lifecycle at /analytics/{view}, every filter in the address.
 */
export default function ProductAnalytics() {
  const t = useT();
  const { view: viewParam } = useParams();
  const scope = useProductScope();
  const [params, set] = useUrlState();
  if (!VIEWS.includes(viewParam as View)) return <Navigate to="/analytics" replace />;
  const view = viewParam as View;
  const range = oneOf(params.get('range'), RANGES, '30d');
  const from = rangeStart(range);
  const chosen = Boolean(scope.scope.application_id || scope.scope.project_id);
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
        title={t(TITLES[view])}
        intro={t(`product.${view}.intro` as MessageKey)}
      />
      <AnalyticsNav />
      <ControlBar
        as="form"
        role="search"
        aria-label={t('analytics.filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <ScopeFields scope={scope} />
        {RANGED.has(view) ? (
          <SelectField
            label={t('analytics.period')}
            name="range"
            value={range}
            options={RANGES.map((value) => ({ value, label: t(`analytics.period.${value}`) }))}
            onChange={(event) => set({ range: event.target.value === '30d' ? null : event.target.value })}
          />
        ) : null}
      </ControlBar>
      {!chosen ? (
        <EmptyState
          icon={<BarChart3 aria-hidden="true" size={32} />}
          title={t('product.scope.title')}
          text={t('product.scope.text')}
        />
      ) : view === 'pages' ? (
        <PagesView scope={scope.scope} from={from} />
      ) : view === 'funnels' ? (
        <FunnelView scope={scope.scope} from={from} />
      ) : view === 'retention' ? (
        <RetentionView scope={scope.scope} />
      ) : view === 'stickiness' ? (
        <StickinessView scope={scope.scope} />
      ) : (
        <LifecycleView scope={scope.scope} />
      )}
    </Page>
  );
}
