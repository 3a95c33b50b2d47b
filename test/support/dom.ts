/**
 * Gives component tests (mocha + Testing Library) a browser-like global environment backed
 * by jsdom. Loaded through each front-end package's .mocharc.json before any spec.
 */
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  url: 'http://localhost:3000/',
  pretendToBeVisual: true,
});

const { window } = dom;
const globals = globalThis as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globals) continue;
  globals[key] = (window as unknown as Record<string, unknown>)[key];
}
globals.window = window;
globals.document = window.document;
globals.navigator = window.navigator;
// React warns unless it knows act() is available to flush updates.
globals.IS_REACT_ACT_ENVIRONMENT = true;
