import { isRouteErrorResponse, useRouteError } from 'react-router';
import styled from 'styled-components';
import { catalogFor } from '../../i18n/catalog';
import { useUiStore } from '../../stores/ui';

const Wrapper = styled.div`
  padding: 2rem;
  font-family: system-ui, sans-serif;
  pre {
    white-space: pre-wrap;
    color: #b91c1c;
  }
`;

/** Rendered by the router when a screen throws; it must not depend on the theme being mounted. */
export default function ErrorFallback() {
  const error = useRouteError();
  const messages = catalogFor(useUiStore.getState().locale);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <Wrapper role="alert">
      <h1>{messages['errorFallback.title']}</h1>
      {detail ? <pre>{detail}</pre> : null}
      <button type="button" onClick={() => window.location.reload()}>
        {messages['errorFallback.reload']}
      </button>
    </Wrapper>
  );
}
