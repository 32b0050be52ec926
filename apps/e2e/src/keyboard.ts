import type { Locator, Page } from 'playwright-core';
import { waitForStillScreen } from './browser.ts';

// Moving through the console with the keyboard only, as an operator without a mouse does.

/**
 * What has the focus, and whether it shows: the focused element or one of its three nearest ancestors (a
 * switch's ring is drawn around its hidden input) draws an outline of 2 px or more while visible itself, or,
 * in a text field, the field's border is drawn 2 px wide.
 */
export const readFocus = async (page: Page) => {
  // Read once the screen is still: MUI marks a control focused from the keyboard in its next render, and
  // a dialog that just opened is still fading in (transparent, so its ring does not show yet).
  await waitForStillScreen(page);
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return { name: 'the page body', isMarked: false };
    const name = `${focused.tagName.toLowerCase()} '${(
      focused.getAttribute('aria-label') ??
      focused.textContent ??
      ''
    )
      .trim()
      .slice(0, 40)}'`;
    const candidates: Element[] = [];
    for (let node: Element | null = focused; node && candidates.length < 4; node = node.parentElement) {
      candidates.push(node);
    }
    // a text field or picker shows its focus by its border, 2 px wide in the focus colour, as MUI draws it;
    // a button inside the field (an adornment's icon button) shows its own ring
    const field = focused.matches('button')
      ? null
      : focused.closest('.MuiInputBase-root, .MuiPickersInputBase-root');
    if (field) {
      const border = field.querySelector(':scope > fieldset');
      const width = border ? Number.parseFloat(getComputedStyle(border).borderTopWidth) : 0;
      return { name, isMarked: field.classList.contains('Mui-focused') && width >= 2 };
    }
    const isMarked = candidates.some((node) => {
      const style = getComputedStyle(node);
      return (
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) >= 2 &&
        node.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    });
    return { name, isMarked };
  });
};

/** Whether `target` (or something inside it) has the focus now. */
export const isFocused = (target: Locator) =>
  target.evaluate((node) => node === document.activeElement || node.contains(document.activeElement));

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has the focus, and answers the controls passed on
 * the way (and the target) that showed no focus indicator. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  // Tab passes over a control not there yet or still disabled (waiting for its data), on to the end of the
  // page and round through its body: the walk starts once the target can take the focus.
  await target.waitFor();
  await page.waitForFunction(
    (node) => node !== null && !node.matches(':disabled') && node.getAttribute('aria-disabled') !== 'true',
    await target.elementHandle(),
    { timeout: 10_000 },
  );
  const unmarked: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focus = await readFocus(page);
    if (!focus.isMarked) unmarked.push(focus.name);
    if (await isFocused(target)) return unmarked;
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

/**
 * Waits until `target` (or something inside it) has the focus and answers 'target', or, when that never comes
 * (the cap only guards against hanging), what has the focus instead (the page body after a lost focus), so a
 * failed step names where the focus went.
 */
export async function focusLandsOn(target: Locator): Promise<string> {
  try {
    const node = await target.elementHandle();
    await target
      .page()
      .waitForFunction(
        (element) =>
          element !== null &&
          (element === document.activeElement || element.contains(document.activeElement)),
        node,
        { timeout: 10_000 },
      );
    return 'target';
  } catch {
    return (await readFocus(target.page())).name;
  }
}

/** A page's heading: where focus lands after following a link or a menu entry (the shell's rule). */
export const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
