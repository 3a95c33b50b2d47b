// Bad: reaches past beta's index.ts, and beta imports alpha back (a cycle).
import { betaName } from '../beta/beta.service.js';

export const alphaService = (): string => betaName;
