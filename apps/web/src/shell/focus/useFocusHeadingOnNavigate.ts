import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A new page focuses its heading (docs/decisions/0006), so keyboard and screen-reader users start
 * reading where the page starts instead of at the document's body. Only a change of path is a new page: a
 * search change is the screen's own view state (filters, sort, tab) and leaves focus where it is.
 *
 * The heading appears when the lazy screen has loaded, so the shell watches `main` until it does. Focus the
 * new page has already put inside itself (a field it focuses) or in a dialog it opened is kept.
 */
export function useFocusHeadingOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const container = main.current;
    if (!container) return;
    // The control that led here (a link, a menu entry) may stay mounted: it is not where the work is now.
    const leftBehind = document.activeElement;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tryFocus = () => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      const current = document.activeElement;
      const isFocusElsewhere =
        current !== null &&
        current !== document.body &&
        current !== leftBehind &&
        current !== container &&
        (container.contains(current) || current.closest('[role="dialog"], [role="alertdialog"]') !== null);
      if (!isFocusElsewhere) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      return true;
    };

    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    // After this commit's other effects (a closing menu hands focus back to its button first).
    timer = setTimeout(() => {
      if (!tryFocus()) observer.observe(container, { childList: true, subtree: true });
    });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [pathname, main]);
}
