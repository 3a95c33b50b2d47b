import { operationAnchor, resolveSchema, type OpenApiSchema } from '@iam-platform/common';
import { ExternalLink } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT, type Translate } from '../../i18n/useT';
import { Markdown } from './Markdown';
import { useOpenApiDocument, type OpenApiDocument, type Operation } from './queries';
import { DocsSection, Muted } from './styles';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Swagger UI's deep link: `#/<tag>/<operationId>`, the id made from method and path as swagger-js does. */
export function swaggerLink(tag: string, method: string, path: string): string {
  return `/api/v1/docs/#/${tag.replace(/\s/g, '%20')}/${method}${path.replace(/\W/g, '_')}`;
}

function typeName(document: OpenApiDocument, schema: OpenApiSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop()!;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeName(document, variant)).join(' | ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) =>
    type === 'array'
      ? `${typeName(document, schema.items)}[]`
      : schema.format
        ? `${type} (${schema.format})`
        : type,
  );
  return named.join(' | ') || (schema.properties ? 'object' : 'any');
}

function example(document: OpenApiDocument, raw: OpenApiSchema | undefined, depth = 0): unknown {
  const schema = resolveSchema(document, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length)
    return example(document, variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => depth === 0 || schema.required?.includes(name))
        .map(([name, property]) => [name, example(document, property, depth + 1)]),
    );
  }
  if (type === 'array') return depth > 4 ? [] : [example(document, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'user@example.com';
  if (schema.format === 'date-time') return '2030-01-31T12:00:00Z';
  return 'string';
}

function Fields({ document, schema }: { document: OpenApiDocument; schema: OpenApiSchema | undefined }) {
  const t = useT();
  const resolved = resolveSchema(document, schema);
  const entries = Object.entries(resolved.properties ?? {});
  if (entries.length === 0) return <Muted>{typeName(document, schema)}</Muted>;
  return (
    <TableScroll tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('docs.api.field')}</th>
            <th scope="col">{t('docs.api.type')}</th>
            <th scope="col">{t('docs.api.description')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, property]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
                {resolved.required?.includes(name) ? ' *' : ''}
              </td>
              <td>
                <code>{typeName(document, property)}</code>
              </td>
              <td>{resolveSchema(document, property).description ?? property.description ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function curl(document: OpenApiDocument, method: string, path: string, operation: Operation): string {
  const lines = [`curl -X ${method.toUpperCase()} "${location.origin}${path.replace(/\{(\w+)\}/g, '<$1>')}"`];
  if (operation.security?.length) lines.push('  -H "Authorization: Bearer $TOKEN"');
  if (path.startsWith('/api/auth/')) lines.push('  -H "X-Application-ID: $APPLICATION_ID"');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (operation.requestBody) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${JSON.stringify(example(document, body))}'`);
  }
  return lines.join(' \\\n');
}

function OperationDetails(props: {
  document: OpenApiDocument;
  method: string;
  path: string;
  operation: Operation;
  tag: string;
}) {
  const { document, method, path, operation, tag } = props;
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const scope = operation['x-token-scope'];
  const t = useT();
  return (
    <OperationBody>
      {operation.description ? <Markdown lang="en" source={operation.description} /> : null}
      <p>{credentials(t, Boolean(operation.security?.length), scope ?? undefined)}</p>
      {operation.parameters?.length ? (
        <>
          <h5>{t('docs.api.parameters')}</h5>
          <TableScroll tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('docs.api.name')}</th>
                  <th scope="col">{t('docs.api.in')}</th>
                  <th scope="col">{t('docs.api.type')}</th>
                  <th scope="col">{t('docs.api.description')}</th>
                </tr>
              </thead>
              <tbody>
                {operation.parameters.map((parameter) => (
                  <tr key={`${parameter.in}-${parameter.name}`}>
                    <td>
                      <code>{parameter.name}</code>
                      {parameter.required ? ' *' : ''}
                    </td>
                    <td>{parameter.in}</td>
                    <td>
                      <code>{typeName(document, parameter.schema)}</code>
                    </td>
                    <td>
                      {parameter.description ?? resolveSchema(document, parameter.schema).description ?? ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
      {operation.requestBody ? (
        <>
          <h5>{t('docs.api.requestBody')}</h5>
          <Fields document={document} schema={body} />
        </>
      ) : null}
      <h5>{t('docs.api.responses')}</h5>
      <ul>
        {Object.entries(operation.responses ?? {}).map(([status, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return (
            <li key={status}>
              <code>{status}</code> <span lang="en">{response.description}</span>
              {schema ? (
                <>
                  {' '}
                  — <code>{typeName(document, schema)}</code>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <h5>{t('docs.api.example')}</h5>
      <Markdown source={'```sh\n' + curl(document, method, path, operation) + '\n```'} />
      <a href={swaggerLink(tag, method, path)} target="_blank" rel="noopener noreferrer">
        {t('docs.api.tryIt')} <ExternalLink aria-hidden="true" size={14} />
      </a>
    </OperationBody>
  );
}

/** Who may call an operation: a session, maybe an API token of a scope, or anybody. */
function credentials(t: Translate, secured: boolean, scope: string | undefined): string {
  if (!secured) return t('docs.api.public');
  return `${t('docs.api.bearer')}${scope ? t('docs.api.orToken', { scope }) : t('docs.api.noTokens')}.`;
}

/** A translated sentence with one part of it (a path) made a link. */
function withLink(text: string, part: string, link: ReactNode): ReactNode {
  const at = text.indexOf(part);
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      {link}
      {text.slice(at + part.length)}
    </>
  );
}

/**
 * The endpoint reference, rendered from /api/v1/openapi.json grouped by tag. Operations are
 * collapsed; `open` names those expanded (by anchor), so a link to `#op-…` can open its operation.
 */
export function ApiReference({
  open,
  onToggle,
}: {
  open: Set<string>;
  onToggle(anchor: string, open: boolean): void;
}) {
  const t = useT();
  const document = useOpenApiDocument();
  const groups = useMemo(() => {
    const byTag = new Map<string, { method: string; path: string; operation: Operation }[]>();
    for (const [path, item] of Object.entries(document.data?.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const tag = operation.tags?.[0] ?? 'Other';
        byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
      }
    }
    return [...byTag];
  }, [document.data]);

  return (
    <DocsSection id="api-reference" aria-labelledby="api-reference-title">
      <h2 id="api-reference-title">{t('docs.section.apiReference')}</h2>
      <p>{withLink(t('docs.api.lead'), '{url}', <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>)}</p>
      <p>
        {withLink(
          t('docs.api.graphql'),
          '/api/v1/graphql/schema.graphql',
          <a href="/api/v1/graphql/schema.graphql">/api/v1/graphql/schema.graphql</a>,
        )}
      </p>
      {document.isPending ? <Muted>{t('docs.api.loading')}</Muted> : null}
      {document.isError ? <Muted role="alert">{t('docs.api.failed')}</Muted> : null}
      {groups.map(([tag, operations]) => (
        <TagGroup key={tag}>
          <h3>{tag}</h3>
          {operations.map(({ method, path, operation }) => {
            const anchor = operationAnchor(method, path);
            const isOpen = open.has(anchor);
            return (
              <OperationItem
                key={anchor}
                id={anchor}
                open={isOpen}
                onToggle={(event) => {
                  const now = (event.currentTarget as HTMLDetailsElement).open;
                  if (now !== isOpen) onToggle(anchor, now);
                }}
              >
                <summary>
                  <Method $method={method}>{method.toUpperCase()}</Method>
                  <code>{path}</code>
                  <span>{operation.summary}</span>
                </summary>
                {isOpen && document.data ? (
                  <OperationDetails
                    document={document.data}
                    method={method}
                    path={path}
                    operation={operation}
                    tag={tag}
                  />
                ) : null}
              </OperationItem>
            );
          })}
        </TagGroup>
      ))}
    </DocsSection>
  );
}

const TagGroup = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: ${({ theme }) => `${theme.space(4)} 0 ${theme.space(1)}`};
    font-size: 1.1rem;
  }
`;

const OperationItem = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  scroll-margin-top: ${({ theme }) => theme.space(4)};
  summary {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    cursor: pointer;
    code {
      font-family: ${({ theme }) => theme.fonts.mono};
      font-size: 0.875rem;
      overflow-wrap: anywhere;
    }
    > span:last-child {
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: 0.9rem;
    }
  }
`;

const METHOD_COLOURS: Record<string, string> = {
  get: '#1d4ed8',
  post: '#15803d',
  put: '#a16207',
  patch: '#a16207',
  delete: '#b91c1c',
};

const Method = styled.span<{ $method: string }>`
  display: inline-flex;
  padding: 2px 8px;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  min-width: 58px;
  justify-content: center;
  color: #fff;
  background: ${({ $method }) => METHOD_COLOURS[$method] ?? '#475569'};
  font-family: ${({ theme }) => theme.fonts.mono};
`;

const OperationBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `0 ${theme.space(3)} ${theme.space(3)}`};
  min-width: 0;
  h5 {
    margin: ${({ theme }) => `${theme.space(2)} 0 0`};
    font-size: 0.95rem;
  }
  p,
  ul {
    margin: 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const TableScroll = styled.div`
  overflow-x: auto;
  table {
    border-collapse: collapse;
    font-size: 0.85rem;
    width: 100%;
  }
  th,
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    text-align: left;
    vertical-align: top;
  }
`;
