import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';

const Wrapper = styled.div`
  min-height: 60vh;
  display: grid;
  place-content: center;
  text-align: center;
  h1 {
    font-size: 3rem;
    margin: 0;
  }
  p {
    font-size: 1.25rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export default function NotFound() {
  const t = useT();
  const location = useLocation();
  useEffect(() => {
    // SPEC §8: an unknown route is only logged to the console.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <Wrapper>
      <h1>{t('notFound.code')}</h1>
      <p>{t('notFound.title')}</p>
      <Link to="/">{t('notFound.backHome')}</Link>
    </Wrapper>
  );
}
