import type { UNSAFE_createBrowserHistory } from 'react-router';
import { confirmLeaving, hasUnsavedChanges } from './unsavedChanges.ts';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Listener = Parameters<History['listen']>[0];

/**
 * A history that asks before leaving unsaved changes: following a link or any `navigate` (push, replace)
 * waits for the answer; the browser's back and forward are undone at once, asked, and redone on Yes. The
 * console keeps the declarative router (docs/decisions/0020), whose `useBlocker` is not
 * available; this does what the data router's blocker does, on the history the router is given.
 */
export function guardHistory(history: History): History {
  // The pop that undoes a refused back/forward, and the one that redoes a confirmed one.
  let popsToIgnore = 0;
  let popsToAllow = 0;
  const guarded = (go: () => void) => {
    if (!hasUnsavedChanges()) return go();
    void confirmLeaving().then((isConfirmed) => {
      if (isConfirmed) go();
    });
  };
  return {
    ...history,
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    push: (to, state) => guarded(() => history.push(to, state)),
    replace: (to, state) => guarded(() => history.replace(to, state)),
    listen(listener: Listener) {
      return history.listen((update) => {
        if (update.action !== 'POP' || update.delta === null || update.delta === 0) return listener(update);
        if (popsToIgnore > 0) {
          popsToIgnore -= 1;
          return;
        }
        if (popsToAllow > 0 || !hasUnsavedChanges()) {
          popsToAllow = Math.max(0, popsToAllow - 1);
          return listener(update);
        }
        const { delta } = update;
        popsToIgnore += 1;
        history.go(-delta);
        void confirmLeaving().then((isConfirmed) => {
          if (!isConfirmed) return;
          popsToAllow += 1;
          history.go(delta);
        });
      });
    },
  };
}
