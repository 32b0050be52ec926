import type { Locator } from 'playwright-core';

// What an operator can see of an element on a small screen, measured in the page.

/** Whether the element's text is cut (ellipsis or clipped): its content is wider than its box. */
export const isTruncated = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth > node.clientWidth + 1);

/** The text of each element `elements` matches that is cut (as isTruncated), all measured in one call. */
export const truncatedTextsOf = (elements: Locator) =>
  elements.evaluateAll((nodes) =>
    nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent ?? ''),
  );

/**
 * Whether the whole element lies inside the window, and inside every scrolled box around it. `sideways` checks
 * only left and right: a row below the fold of a long table is reached by scrolling down, which is no fault.
 */
export const isWhollyInView = (element: Locator, { sideways = false } = {}) =>
  element.evaluate((node, onlySideways) => {
    const box = node.getBoundingClientRect();
    const visible = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      visible.left = Math.max(visible.left, clip.left + parent.clientLeft);
      visible.top = Math.max(visible.top, clip.top + parent.clientTop);
      visible.right = Math.min(visible.right, clip.left + parent.clientLeft + parent.clientWidth);
      visible.bottom = Math.min(visible.bottom, clip.top + parent.clientTop + parent.clientHeight);
    }
    // sub-pixel rounding of table cells is not a hidden part
    const slack = 1;
    const isInsideSideways = box.left >= visible.left - slack && box.right <= visible.right + slack;
    const isInsideUpright = box.top >= visible.top - slack && box.bottom <= visible.bottom + slack;
    return box.width > 0 && isInsideSideways && (onlySideways || isInsideUpright);
  }, sideways);

/** The nearest box around the element that scrolls sideways (a wide table's own area). */
export const scrollingBoxOf = (element: Locator) =>
  element.locator('xpath=ancestor::*[contains(@class, "MuiTableContainer-root")][1]');

/** The box's scroll position: 'start', 'end', or a number of pixels from the start. */
export const scrollSideways = (box: Locator, to: 'start' | 'end') =>
  box.evaluate(async (node, where) => {
    node.scrollLeft = where === 'start' ? 0 : node.scrollWidth;
    // the sticky cells' shadows follow a scroll event: let it be handled
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, to);

/**
 * The box's horizontal scrollbar, when it has one: its height, and whether it is inside the window once the box
 * is scrolled into view (a scrollbar under the last of a hundred rows is no affordance).
 */
export async function horizontalScrollbarOf(box: Locator) {
  await box.evaluate((node) => node.scrollIntoView({ block: 'end' }));
  return box.evaluate((node: HTMLElement) => {
    const rect = node.getBoundingClientRect();
    return {
      isScrollable: node.scrollWidth > node.clientWidth,
      height: node.offsetHeight - node.clientHeight - node.clientTop * 2,
      isOnScreen: rect.bottom <= window.innerHeight && rect.top >= 0,
    };
  });
}

/**
 * The characters before each line break inside the element's text (one per wrapped line but the last): an id
 * that wraps at its separators gives only '-', '_', '.', '/' or ':'.
 */
export const charactersBeforeLineBreaks = (element: Locator) =>
  element.evaluate((node) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const characters: { character: string; top: number }[] = [];
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const content = text.textContent ?? '';
      for (let index = 0; index < content.length; index += 1) {
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const rects = range.getClientRects();
        if (rects.length > 0) characters.push({ character: content[index]!, top: rects[0]!.top });
      }
    }
    return characters.flatMap((current, index) => {
      const next = characters[index + 1];
      return next && next.top > current.top + 1 ? [current.character] : [];
    });
  });
