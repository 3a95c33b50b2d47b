/** The product API's base path; routes and the OpenAPI document are relative to it. */
export const API_BASE_PATH = '/api/v1';
