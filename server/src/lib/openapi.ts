import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Adds `.openapi()` to zod schemas; must run before any module defines its schemas,
// which is why every schema file imports `z` from here rather than from 'zod'.
extendZodWithOpenApi(z);

export { z };

export const ErrorResponseSchema = z
  .object({
    error: z.string().openapi({ description: 'Human-readable message, safe to show to the user.' }),
    code: z.string().openapi({ description: 'Stable machine-readable error code.' }),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: 'Per-field validation problems.' }),
  })
  .openapi('Error');

export function createApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.register('Error', ErrorResponseSchema);
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access JWT from /api/v1/auth/login, or an API token (`cs_…`).',
  });
  return registry;
}

export function generateOpenApiDocument(
  registry: OpenAPIRegistry,
  info: { version: string; serverUrl: string },
): ReturnType<OpenApiGeneratorV31['generateDocument']> {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'IAM Platform API',
      version: info.version,
      description:
        'Product API of IAM Platform: identity, organizations, projects, applications, API tokens, analytics and e-mail.',
    },
    servers: [{ url: info.serverUrl }],
  });
}
