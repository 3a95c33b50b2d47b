import express, { type RequestHandler } from 'express';
import { csvToImportBody } from './pool-users.csv.js';

/**
 * Largest import body: 10,000 rows of an address, a name and a bcrypt hash are about 2 MB; the
 * longest allowed values about 5 MB.
 */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

const IMPORT_PATH = /^\/projects\/[^/]+\/users\/import\/?$/i;
const CSV_TYPES = ['text/csv', 'application/csv'];

/**
 * POST /projects/{project_id}/users/import may carry up to IMPORT_MAX_BYTES whatever BODY_LIMIT
 * is (413 payload_too_large beyond), as JSON or as CSV (`Content-Type: text/csv`, turned into the
 * JSON body here). Mount on the API base path before the app's own JSON parser, which then leaves
 * the request alone. Only requests with a bearer credential get the larger limit: anonymous ones
 * go on to the app's parser and the route's 401.
 */
export function poolUsersImportBodyParser(): RequestHandler {
  const json = express.json({ limit: IMPORT_MAX_BYTES });
  const csv = express.text({ type: CSV_TYPES, limit: IMPORT_MAX_BYTES });
  return (req, res, next) => {
    if (
      req.method !== 'POST' ||
      !IMPORT_PATH.test(req.path) ||
      !/^bearer\s+\S/i.test(req.get('authorization') ?? '')
    )
      return next();
    if (!req.is(CSV_TYPES)) return json(req, res, next);
    csv(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        // A CSV body arrives as text; an empty one as no body at all.
        req.body = csvToImportBody(typeof req.body === 'string' ? req.body : '');
        res.locals.importFormat = 'csv';
        next();
      } catch (failure) {
        next(failure);
      }
    });
  };
}
