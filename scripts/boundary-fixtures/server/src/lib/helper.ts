// Bad: lib/ serves the modules and never imports one.
import { alphaService } from '../modules/alpha/index.js';

export const helper = alphaService;
