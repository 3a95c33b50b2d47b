import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError, sessionApi, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { Alert } from '../../ui/Alert';
import { ButtonRouterLink } from '../../ui/Button';
import { useHosted, useHostedTitle } from './context';
import { pendingRequestSearch } from './hostedRequest';
import { HostedCard, LinkRow } from './parts';

/**
 * The outcome of the confirmation link: confirmed by this page (`?token=`, sent in a POST body,
 * never logged as a URL by the API) or by the server's redirect (`?confirmed=1` /
 * `?confirmation_error=<code>`).
 */
function useConfirmation(params: URLSearchParams) {
  const token = params.get('token');
  const confirmation = useQuery({
    queryKey: ['hosted-confirm', token],
    enabled: token !== null,
    // The token is single use: one request per page, never repeated.
    retry: false,
    staleTime: Infinity,
    queryFn: async () =>
      unwrap(await sessionApi.POST('/api/v1/auth/confirm', { body: { token: token ?? '' } })),
  });
  if (token !== null) {
    if (confirmation.isPending) return { state: 'pending' } as const;
    if (confirmation.isError) return { state: 'failed', error: confirmation.error } as const;
    return { state: 'confirmed' } as const;
  }
  if (params.get('confirmed') === '1') return { state: 'confirmed' } as const;
  const code = params.get('confirmation_error') ?? 'invalid_confirmation_token';
  return { state: 'failed', error: new ApiError(400, code, code) } as const;
}

/**
 * `/p/{project}/confirm`: the page the confirmation mail's link leads to. On success it leads on
 * to sign-in — with the widget's hosted-mode request a sign-up left behind, so the person gets
 * back to the partner site after signing in.
 */
export default function HostedConfirm() {
  const t = useT();
  const [params] = useSearchParams();
  const { projectId, pathTo } = useHosted();
  const outcome = useConfirmation(params);
  useHostedTitle(t('hosted.confirm.title'));

  if (outcome.state === 'pending') return <PageLoading message="hosted.confirm.checking" />;
  const signIn = pathTo('sign-in', pendingRequestSearch(projectId) ?? undefined);
  if (outcome.state === 'failed') {
    return (
      <HostedCard title={t('auth.confirmationFailed')} focusTitle>
        <Alert tone="error">{describeError(outcome.error, t)}</Alert>
        <p>{t('hosted.confirm.failedText')}</p>
        <LinkRow>
          <Link to={signIn}>{t('confirmation.toLogin')}</Link>
        </LinkRow>
      </HostedCard>
    );
  }
  return (
    <HostedCard title={t('hosted.confirm.title')} focusTitle>
      <Alert tone="success">{t('auth.confirmed')}</Alert>
      <ButtonRouterLink to={signIn} $block>
        {t('hosted.confirm.continue')}
      </ButtonRouterLink>
    </HostedCard>
  );
}
