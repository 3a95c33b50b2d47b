import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useT } from '../../../i18n/useT';
import { ButtonLink } from '../../../ui/Button';
import { googleStartUrl, type SignInAnswer } from '../api';
import { useHosted } from '../context';

/**
 * "Mit Google anmelden" with the pool's own Google client: a navigation to the server, which
 * comes back to this page — query kept, so the widget's hosted mode goes on afterwards.
 */
export function GoogleButton() {
  const t = useT();
  const { info } = useHosted();
  const { pathname, search } = useLocation();
  return (
    <ButtonLink
      href={googleStartUrl(info.application_id, `${pathname}${search}`)}
      $variant="secondary"
      $block
    >
      {t('auth.google')}
    </ButtonLink>
  );
}

/**
 * Back from Google: trades `google_code` (once per visit) for a session or the second step, or
 * reports `google_error`; either is taken out of the address, so a reload does not repeat it.
 */
export function useGoogleReturn(
  onAnswer: (answer: SignInAnswer) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const { embedding } = useHosted();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const code = params.get('google_code');
  const error = params.get('google_error');
  useEffect(() => {
    if (handled.current || (!code && !error)) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete('google_code');
        current.delete('google_error');
        return current;
      },
      { replace: true },
    );
    if (error) {
      onError(new ApiError(400, error, error));
      return;
    }
    void embedding.exchangeGoogleCode(code!).then(onAnswer).catch(onError);
  }, [code, error, embedding, onAnswer, onError, setParams]);
}
