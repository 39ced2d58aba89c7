import i18next, { type i18n } from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import { ToastProvider } from '../../../src/client/ui/Toasts';

/**
 * Component tests in jsdom (a file opts in with `// @vitest-environment jsdom`): React 19's own
 * createRoot and act, the English strings, and the app's toasts, with no testing library.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let strings: i18n | undefined;
function englishStrings(): i18n {
  if (!strings) {
    strings = i18next.createInstance();
    void strings.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return strings;
}

export interface Rendered {
  container: HTMLElement;
  /** Text of the whole document (toasts render into document.body). */
  text: () => string;
  byTestId: (id: string) => HTMLElement[];
  /** Renders another element in the same root (new props for the same component keep its state). */
  rerender: (ui: ReactNode) => Promise<void>;
  unmount: () => Promise<void>;
}

export async function render(ui: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const show = (element: ReactNode) => act(async () => {
    root.render(
      <I18nextProvider i18n={englishStrings()}>
        <ToastProvider>{element}</ToastProvider>
      </I18nextProvider>,
    );
  });
  await show(ui);
  return {
    container,
    text: () => document.body.textContent ?? '',
    byTestId: (id) => [...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)],
    rerender: show,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Lets promises and effects settle (answers of fake APIs, state updates). */
export const settle = () => act(async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
});

/** Runs a user's action (a click, a typed event) inside act. */
export const user = (action: () => void) => act(async () => {
  action();
});

/** Gives an element the scroll geometry jsdom does not lay out; scrollTop stays writable. */
export function scrollGeometry(el: HTMLElement, geometry: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  let top = geometry.scrollTop;
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => geometry.scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => geometry.clientHeight });
  Object.defineProperty(el, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => { top = v; } });
}
