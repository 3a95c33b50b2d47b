import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import {
  API_DOCS_URL,
  COMPANY_LINKS,
  DOCS_SECTION_LINKS,
  OPENAPI_URL,
  SERVICE_LINKS,
  STATUS_PATH,
} from './links';

const Footer = styled.footer`
  background: #0f172a;
  color: #cbd5e1;
  a {
    color: #e2e8f0;
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: 1rem;
    color: #fff;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Columns = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  gap: ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => `${theme.space(12)} ${theme.space(4)}`};
`;

const Brand = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: #fff;
  font-weight: 700;
`;

const Bottom = styled.p`
  max-width: 1200px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
  border-top: 1px solid #1e293b;
  font-size: 0.875rem;
`;

/** Underlined: it sits in a line of text ("API-Status: Betriebsbereit"), so colour alone would not mark it. */
const StatusLink = styled(Link)`
  && {
    text-decoration: underline;
  }
`;

const StatusDot = styled.span<{ $ok: boolean | null }>`
  display: inline-block;
  width: 8px;
  height: 8px;
  margin-right: 6px;
  border-radius: 50%;
  background: ${({ $ok }) => ($ok === null ? '#94a3b8' : $ok ? '#22c55e' : '#ef4444')};
`;

/** The footer's Status entry: the API's live health rather than a placeholder link. */
function ApiStatus() {
  const t = useT();
  // The health endpoint answers 503 with the same body when the database is down.
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async () => unwrap(await api.GET('/api/v1/health')),
  });
  const ok = health.isPending ? null : !health.isError && health.data.status === 'ok';
  const text = health.isPending
    ? t('status.loading')
    : health.isError
      ? t('status.error')
      : health.data.status === 'ok'
        ? t('status.ok')
        : t('status.degraded');
  return (
    <li>
      <StatusLink to={STATUS_PATH}>{t('landing.footer.status')}</StatusLink>:{' '}
      <span data-testid="api-status" aria-live="polite">
        <StatusDot aria-hidden="true" $ok={ok} />
        {text}
      </span>
    </li>
  );
}

/** /docs#getting-started, #sdks and, when the docs have that guide, #webhooks. */
function DocsSectionLinks() {
  const guides = useQuery({
    queryKey: ['guides'],
    queryFn: async () => unwrap(await api.GET('/api/v1/guides')).data,
    staleTime: Infinity,
  });
  const slugs = new Set(guides.data?.map((guide) => guide.slug));
  return (
    <>
      {DOCS_SECTION_LINKS.filter((link) => !link.guide || slugs.has(link.guide)).map((link) => (
        <li key={link.href}>
          <Link to={link.href}>{link.label}</Link>
        </li>
      ))}
    </>
  );
}

/** A footer link: router links for our pages, plain anchors for same-page anchors and mailto/external. */
function FooterLink({ href, children }: { href: string; children: string }) {
  return href.startsWith('/') ? <Link to={href}>{children}</Link> : <a href={href}>{children}</a>;
}

/**
 * SPEC §2 footer. The SPEC shows no targets for Company (About, Pricing, Privacy, Impressum) and
 * the Status, Support and Security placeholders, so each points to the place in the product that
 * answers it (links.ts; docs/dashboard.md, "Landing page links").
 */
export function LandingFooter() {
  const t = useT();
  return (
    <Footer>
      <Columns>
        <div>
          <Brand>
            <ShieldCheck aria-hidden="true" size={24} />
            {t('app.name')}
          </Brand>
          <p>{t('landing.footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform">{t('landing.footer.platform')}</h2>
          <ul>
            <li>
              <a href="#features">{t('landing.nav.features')}</a>
            </li>
            <li>
              <a href="#architecture">{t('landing.nav.architecture')}</a>
            </li>
            <li>
              <Link to="/auth">{t('landing.footer.signIn')}</Link>
            </li>
            <li>
              <Link to="/auth?tab=register">{t('landing.footer.register')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-developers">
          <h2 id="footer-developers">{t('landing.footer.developers')}</h2>
          <ul>
            <li>
              <Link to={API_DOCS_URL}>{t('landing.footer.apiDocs')}</Link>
            </li>
            <DocsSectionLinks />
            <li>
              <a href={OPENAPI_URL}>{t('landing.footer.openapi')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">{t('landing.footer.company')}</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.label}>
                <FooterLink href={link.href}>{t(link.label)}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service">{t('landing.footer.service')}</h2>
          <ul>
            <ApiStatus />
            {SERVICE_LINKS.map((link) => (
              <li key={link.label}>
                <FooterLink href={link.href}>{t(link.label)}</FooterLink>
              </li>
            ))}
          </ul>
        </nav>
      </Columns>
      <Bottom>{t('landing.footer.copyright')}</Bottom>
    </Footer>
  );
}
