import { useQuery } from '@tanstack/react-query';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { ButtonLink } from '../../ui/Button';
import { Divider } from './Form';

/** "Mit Google anmelden", shown only when the server reports Google as a sign-in method. */
export function GoogleSignIn() {
  const t = useT();
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async () => unwrap(await sessionApi.GET('/api/v1/auth/providers')),
    staleTime: 5 * 60_000,
  });
  const google = providers.data?.providers.find(
    (provider) => provider.id === 'google' && provider.authorize_url,
  );
  if (!google?.authorize_url) return null;
  return (
    <>
      <Divider>{t('auth.or')}</Divider>
      <ButtonLink href={google.authorize_url} $variant="secondary" $block>
        {t('auth.google')}
      </ButtonLink>
    </>
  );
}
