import type { Page } from 'playwright-core';

/** Issue 28: every control a finger taps is at least 44×44 CSS pixels (WCAG 2.5.5's size). */
export const MIN_TAP_PX = 44;

/**
 * The controls on screen smaller than MIN_TAP_PX in width or height, as "what 38x38" lines.
 * Counted: links, buttons, fields, and anything with a control's role or a tab stop. Not counted,
 * as WCAG counts them out: a link inside a sentence (laid out inline), what is hidden or visually
 * hidden, the page behind an open modal, and the chat widget (sized by its own rules). A checkbox
 * or radio drawn over its label is measured by the label it lies in.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="menuitem"], [role="option"], [role="checkbox"], [role="radio"], [role="switch"], [tabindex="0"]';
    const modal = [...document.querySelectorAll('dialog[open]')].pop() ?? null;
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(controls)) {
      if (element.closest('.chat-widget, .visually-hidden, [aria-hidden="true"], [inert]')) continue;
      if (modal && !modal.contains(element)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'inline' || style.pointerEvents === 'none') continue;
      const label = element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type) ? element.closest('label') : null;
      const box = (label ?? element).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name = element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 24) ?? '';
      found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return found;
  }, MIN_TAP_PX);
}
