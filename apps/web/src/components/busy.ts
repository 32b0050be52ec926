/**
 * A control whose call is in flight says so (aria-disabled) and ignores clicks and keys, but stays enabled: a
 * disabled control loses keyboard focus to the page body, and an operator using the keyboard would have to find
 * their place again after every toggle or save. Controls that cannot be used at all stay `disabled`.
 */
export function whileBusy(isBusy: boolean, act: () => void) {
  return {
    'aria-disabled': isBusy || undefined,
    onClick: () => {
      if (!isBusy) act();
    },
  };
}

/** For a switch or checkbox: the props of its input while `isBusy` (see whileBusy). */
export const busyInput = (isBusy: boolean) => ({ 'aria-disabled': isBusy || undefined });
