import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../../server/src/openapi-document';

const HEADER = '// Generated from the server OpenAPI document by `npm run openapi:types`. Do not edit.\n\n';

export async function renderApiTypes(): Promise<string> {
  const document = buildOpenApiDocument() as Parameters<typeof openapiTS>[0];
  return HEADER + astToString(await openapiTS(document));
}
