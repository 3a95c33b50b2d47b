/** The API reference (Swagger UI) and the machine-readable document, both served by the server. */
export const API_DOCS_URL = '/api/v1/docs';
export const OPENAPI_URL = '/api/v1/openapi.json';
