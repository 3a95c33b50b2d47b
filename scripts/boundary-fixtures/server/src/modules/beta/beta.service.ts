import type { alphaService } from '../alpha/index.js';

export const betaName = 'beta';
export type Alpha = typeof alphaService;
