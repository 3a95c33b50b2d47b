export { betaName } from './beta.service.js';
