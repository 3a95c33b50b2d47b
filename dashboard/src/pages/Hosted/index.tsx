import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Outlet, useParams, useSearchParams } from 'react-router';
import styled, { createGlobalStyle, ThemeProvider, useTheme } from 'styled-components';
import { ApiError } from '../../api/client';
import { describeError } from '../../api/errors';
import { createQueryClient } from '../../App';
import type { Locale } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { LocaleSwitch } from '../../layout/LocaleSwitch';
import { PageLoading } from '../../layout/PageLoading';
import { SkipLink } from '../../layout/SkipLink';
import { useUiStore } from '../../stores/ui';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { embeddingApi, fetchPublicInfo, type PoolPublicInfo } from './api';
import { brandTheme } from './brand';
import { HostedContext, type Hosted, type HostedPage } from './context';
import { readHostedQuery } from './hostedRequest';
import { HostedCard } from './parts';
import { HostedSessionStore } from './session';

const Stripe = styled.div`
  height: 4px;
  background: ${({ theme }) => theme.colors.primary};
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  }
`;

const Brand = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  font-weight: 700;
  font-size: 1.1rem;
  line-height: 1.3;
  overflow-wrap: anywhere;
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    gap: ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
  img {
    max-height: 40px;
    max-width: 160px;
    object-fit: contain;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Language = styled.div`
  flex: none;
`;

const Main = styled.main`
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(6)}`};
  &:focus {
    outline: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)}`};
  }
`;

/** Links in the pool's accent (element rule, so that button-styled links keep their own colours). */
const BrandLinks = createGlobalStyle`
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Footer = styled.footer`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => `${theme.space(4)} ${theme.space(4)} ${theme.space(8)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  text-align: center;
  p {
    margin: 0;
  }
`;

/** Set once the person picks a language on a hosted page; until then each pool's default applies. */
const LOCALE_CHOICE_KEY = 'iam-hosted-locale';

function chosenLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_CHOICE_KEY);
    return value === 'de' || value === 'en' ? value : null;
  } catch {
    return null;
  }
}

function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_CHOICE_KEY, locale);
  } catch {
    // the choice lasts for this page
  }
}

/** The pool's default language, unless the person chose one here before. */
function usePoolLocale(info: PoolPublicInfo | undefined): void {
  const setLocale = useUiStore((state) => state.setLocale);
  const poolLocale = info?.branding.locale;
  useEffect(() => {
    const locale = chosenLocale() ?? poolLocale;
    if (locale) void setLocale(locale).catch(() => undefined);
  }, [poolLocale, setLocale]);
}

/**
 * The logo, or the platform's shield when there is none or it does not load. Decorative: the
 * pool's name follows it as text.
 */
function Logo({ url }: { url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) return <img src={url} alt="" onError={() => setFailed(url)} />;
  return <ShieldCheck aria-hidden="true" size={28} />;
}

/** The page around every hosted screen: the pool's stripe, logo and name, language, support. */
function Frame({ info, children }: { info?: PoolPublicInfo; children: ReactNode }) {
  const t = useT();
  const support = info?.branding.support_email;
  return (
    <>
      <SkipLink />
      <Stripe />
      <Header>
        <Brand>
          <Logo url={info?.branding.logo_url ?? null} />
          <span>{info ? info.branding.display_name : t('app.name')}</span>
        </Brand>
        <Language>
          <LocaleSwitch onSwitched={rememberLocale} />
        </Language>
      </Header>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer>
        {support ? (
          <p>
            {t('hosted.footer.support')} <a href={`mailto:${support}`}>{support}</a>
          </p>
        ) : null}
        <p>{t('hosted.footer.poweredBy')}</p>
      </Footer>
    </>
  );
}

/** A pool that cannot be shown: an unknown project, or a failure to load (with a retry). */
function Unavailable({ error, retry }: { error: unknown; retry(): void }) {
  const t = useT();
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useEffect(() => {
    document.title = t(missing ? 'hosted.notFound.title' : 'hosted.loadFailed.title');
  }, [missing, t]);
  return (
    <HostedCard title={t(missing ? 'hosted.notFound.title' : 'hosted.loadFailed.title')}>
      <p>{t(missing ? 'hosted.notFound.text' : 'hosted.loadFailed.text')}</p>
      {missing ? null : (
        <>
          <Alert tone="error">{describeError(error, t)}</Alert>
          <Button type="button" onClick={retry}>
            {t('hosted.loadFailed.retry')}
          </Button>
        </>
      )}
    </HostedCard>
  );
}

function HostedPages({ projectId }: { projectId: string }) {
  const t = useT();
  const theme = useTheme();
  const [params] = useSearchParams();
  const query = useMemo(() => readHostedQuery(params), [params]);
  // One per visit of the project's pages (the layout stays while the person moves between them).
  const [sessions] = useState(() => new HostedSessionStore(projectId));
  // Back from the relying party through the back-forward cache: the tab may have forgotten the
  // session meanwhile (handed over to the OpenID provider), so read it again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) sessions.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [sessions]);
  const info = useQuery({
    queryKey: ['hosted-pool', projectId, query.clientId],
    queryFn: () => fetchPublicInfo(projectId, query.clientId),
    // An unknown project stays unknown; a network hiccup is worth another try.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
  usePoolLocale(info.data);

  const hosted = useMemo<Hosted | null>(() => {
    if (!info.data) return null;
    const search = query.search;
    return {
      projectId,
      info: info.data,
      embedding: embeddingApi(info.data.application_id),
      sessions,
      query,
      pathTo: (page: HostedPage, carried = search) => `/p/${encodeURIComponent(projectId)}/${page}${carried}`,
    };
  }, [info.data, projectId, query, sessions]);

  if (!hosted) {
    return (
      <Frame>
        {info.isError ? (
          <Unavailable error={info.error} retry={() => void info.refetch()} />
        ) : (
          <PageLoading />
        )}
      </Frame>
    );
  }
  return (
    <ThemeProvider theme={brandTheme(theme, hosted.info.branding.primary_color)}>
      <HostedContext.Provider value={hosted}>
        <BrandLinks />
        <Frame info={hosted.info}>
          {query.invalid ? <Alert tone="error">{t('hosted.invalidRequest')}</Alert> : null}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Frame>
      </HostedContext.Provider>
    </ThemeProvider>
  );
}

/**
 * `/p/{project_id}/…`: a project's hosted pages on the platform's origin — sign-in, sign-up,
 * reset, e-mail confirmation and the end user's account page — branded by the pool's public
 * settings. The end user's data is cached apart from the dashboard's (its own QueryClient), so
 * nothing of a dashboard session signed in in the same browser shows up here, nor the reverse.
 */
export default function HostedLayout() {
  const { projectId = '' } = useParams();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HostedPages key={projectId} projectId={projectId} />
    </QueryClientProvider>
  );
}
