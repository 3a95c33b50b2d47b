import type { OpenApiSchema } from '@iam-platform/common';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap, type ApiSchemas } from '../../api/client';

export type GuideSummary = ApiSchemas['GuideSummary'];
export type AssistantAnswer = ApiSchemas['AssistantAnswer'];
export type PromptType = NonNullable<ApiSchemas['AssistantQuestion']['prompt_type']>;

export function useGuides() {
  return useQuery({
    queryKey: ['guides'],
    queryFn: async () => unwrap(await api.GET('/api/v1/guides')).data,
    staleTime: Infinity,
  });
}

export function useGuide(slug: string, enabled = true) {
  return useQuery({
    queryKey: ['guides', slug],
    queryFn: async () => unwrap(await api.GET('/api/v1/guides/{slug}', { params: { path: { slug } } })),
    staleTime: Infinity,
    enabled,
  });
}

/** The OpenAPI document as the server serves it (not itself an operation of the document). */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: async () => {
      const response = await fetch('/api/v1/openapi.json');
      if (!response.ok)
        throw new ApiError(response.status, 'http_error', `Request failed with status ${response.status}`);
      return (await response.json()) as OpenApiDocument;
    },
    staleTime: Infinity,
  });
}

export function useAskAssistant() {
  return useMutation({
    mutationFn: async (body: { question: string; prompt_type?: PromptType }) =>
      unwrap(await api.POST('/api/v1/assistant/ask', { body })),
  });
}

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: OpenApiSchema;
  }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: OpenApiSchema }> }>;
  security?: unknown[];
  'x-token-scope'?: string | null;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}
