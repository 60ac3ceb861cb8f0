import type { Page } from 'playwright-core';

/** The host's row for one person: its QR code panel holds the link itself; read it and close the panel again. */
export async function inviteLinkOf(page: Page, name: string): Promise<string> {
  const toggle = page.getByRole('button', { name: `QR code and link for ${name}`, exact: true });
  await toggle.click();
  const link = await page.getByLabel(`Invite link for ${name}`, { exact: true }).inputValue();
  await toggle.click();
  return link;
}

/** The page's full height, as far as a person scrolls. */
export function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight);
}

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every control on the page smaller than 44 × 44 CSS px where a finger meets it: buttons, links,
 * text fields, and a checkbox or radio by the label that holds it (the label is its target).
 */
export function smallTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const small: { what: string; width: number; height: number }[] = [];
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary');
    for (const control of Array.from(controls)) {
      const target =
        control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
          ? (control.closest('label') ?? control)
          : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 && box.height === 0) continue;
      if (style.visibility === 'hidden') continue;
      if (box.width < 44 || box.height < 44) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? (control as HTMLInputElement).id).trim().slice(0, 60);
        small.push({ what: `${target.tagName.toLowerCase()} "${name}"`, width: Math.round(box.width), height: Math.round(box.height) });
      }
    }
    return small;
  });
}

/**
 * Text fields whose label is not on screen as words of its own: a missing label, a label hidden
 * to the eye, or a placeholder standing in for one.
 */
export function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[type="text"], input[type="email"]'))) {
      if (input.readOnly) continue;
      const label = input.id ? document.querySelector<HTMLLabelElement>(`label[for="${input.id}"]`) : null;
      const box = label?.getBoundingClientRect();
      const shown = label && box && box.width > 8 && box.height > 8 && getComputedStyle(label).visibility !== 'hidden';
      if (!shown) problems.push(`${input.id}: no label on screen`);
      if (input.placeholder) problems.push(`${input.id}: placeholder "${input.placeholder}"`);
    }
    return problems;
  });
}

/**
 * Words of the elements' text that a line break cuts in two, and elements whose text is wider than
 * their box: a name must wrap between words and never spill out.
 */
export function cutWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`"${element.textContent}" is wider than its box`);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) problems.push(`"${match[0]}" is split over ${lines.size} lines`);
        }
      }
    }
    return problems;
  }, selector);
}
