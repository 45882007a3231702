import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startI18n } from '../i18n';

/**
 * Set-up of the component tests: their first import, so that it has run before a component's
 * module loads. i18next is started first, as main.tsx does before any page loads (a feature area
 * adds its strings when its module is imported).
 */

// jsdom has no matchMedia; Ant Design's grid and responsive observers ask it.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Nor ResizeObserver (Ant Design's text areas and tabs observe their size); jsdom lays nothing out.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor computed styles of pseudo-elements (Ant Design's tables measure a scrollbar so): the element's.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

await startI18n('zh-CN');

// A dialog's code loads when it first opens (lazy dialogs); on two busy cores that took more than
// the default second of findBy*, and five under a load of 10 (tests time out at 20 s).
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts by itself only where the test functions are globals.
afterEach(() => cleanup());
