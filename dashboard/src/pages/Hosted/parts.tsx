import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** The narrow card of the sign-in pages, for content that brings its own heading. */
export const HostedPanel = styled(Card)`
  width: 100%;
  max-width: 440px;
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h1 {
    margin: 0;
    font-size: 1.5rem;
    overflow-wrap: anywhere;
    &:focus {
      outline: none;
    }
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.15rem;
  }
  p {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The card of a sign-in, sign-up, reset or confirmation page: its one heading, then the content. */
export function HostedCard({
  title,
  intro,
  focusTitle = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The card replaced another one (a result, a next step): focus and screen readers start here. */
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <HostedPanel aria-labelledby={titleId}>
      <div>
        <h1 id={titleId} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
          {title}
        </h1>
        {intro ? <Intro>{intro}</Intro> : null}
      </div>
      {children}
    </HostedPanel>
  );
}

/** Links under a form ("Noch kein Konto? Registrieren"), wrapping on a phone. */
export const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  font-size: 0.95rem;
`;

/** What could not be loaded, why (in the catalog's words), and "Erneut versuchen". */
export function LoadError({ what, error, retry }: { what: string; error: unknown; retry(): void }) {
  const t = useT();
  return (
    <div>
      <Alert tone="error">
        {what}: {describeError(error, t)}
      </Alert>
      <p>
        <Button type="button" $variant="secondary" onClick={retry}>
          {t('hosted.loadFailed.retry')}
        </Button>
      </p>
    </div>
  );
}
