/**
 * An application's allowed origin (issue #36): exactly what a browser sends in `Origin` —
 * http or https, host and optional port, nothing else. The dashboard checks each entry as it is
 * typed with this, the server checks the request body with it, so both refuse the same entries
 * for the same reasons, and both can offer the origin a pasted URL belongs to.
 */

/**
 * The WHATWG URL parser, global in browsers and Node; common builds without either's types, so
 * the part used here is declared (a module-local declaration: it emits nothing).
 */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  pathname: string;
  origin: string;
}
declare const URL: new (input: string) => ParsedUrl;

/** Why an entry is not an origin; several may apply ("127.0.0.1:3499/path": scheme and path). */
export type OriginProblem =
  | 'empty'
  | 'wildcard'
  | 'scheme'
  | 'unsupported_scheme'
  | 'host'
  | 'credentials'
  | 'path'
  | 'query'
  | 'fragment';

export type OriginCheck =
  | { ok: true; origin: string }
  | {
      ok: false;
      problems: OriginProblem[];
      /** The origin the entry was probably meant to be (pasted URL, missing scheme), if any. */
      suggestion: string | null;
    };

/** Problems a suggestion can repair: the entry still names one http(s) host. */
const REPAIRABLE = new Set<OriginProblem>(['scheme', 'credentials', 'path', 'query', 'fragment']);

/** Loopback hosts are served over plain http in development; every other site gets https. */
function schemeFor(rest: string): string {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d*)?([/?#]|$)/i.test(rest) ? 'http://' : 'https://';
}

/** Checks one entry; a trailing `/` is tolerated, the host lower-cased and a default port dropped. */
export function checkOrigin(value: string): OriginCheck {
  const trimmed = value.trim();
  if (!trimmed) return { ok: false, problems: ['empty'], suggestion: null };
  // Origins are compared exactly; a pattern would never match what a browser sends.
  if (trimmed.includes('*')) return { ok: false, problems: ['wildcard'], suggestion: null };
  const problems: OriginProblem[] = [];
  let candidate = trimmed;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    problems.push('scheme');
    const rest = trimmed.replace(/^\/\//, '');
    candidate = schemeFor(rest) + rest;
  }
  let url: ParsedUrl;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, problems: [...problems, 'host'], suggestion: null };
  }
  if (!/^https?:$/.test(url.protocol)) {
    return { ok: false, problems: ['unsupported_scheme'], suggestion: null };
  }
  if (!url.hostname) return { ok: false, problems: [...problems, 'host'], suggestion: null };
  if (url.username || url.password) problems.push('credentials');
  if (url.pathname !== '/') problems.push('path');
  // `?` or `#` with nothing after them leave search and hash empty but are still not an origin.
  const afterHost = candidate.slice(candidate.indexOf('//') + 2);
  if (afterHost.includes('?')) problems.push('query');
  if (afterHost.includes('#')) problems.push('fragment');
  if (problems.length === 0) return { ok: true, origin: url.origin };
  const repairable = problems.every((problem) => REPAIRABLE.has(problem));
  return { ok: false, problems, suggestion: repairable ? url.origin : null };
}
