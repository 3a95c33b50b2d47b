export { alphaService } from './alpha.service.js';
