import Tooltip from '@mui/material/Tooltip';
import { cloneElement, type ReactElement, useEffect, useId, useLayoutEffect, useRef } from 'react';

/**
 * A control that cannot be used says why, on hover and on keyboard focus. A disabled
 * control gets neither pointer events nor focus, so the tooltip sits on a focusable wrapper, named after the
 * control it holds. Also used for what the signed-in user's role does not allow (shell/session/rights.tsx).
 *
 * The wrapper is there whether or not the control can be used, so that a control becoming unusable while it
 * has focus (a State switch once its AB-test is active) is not remounted: the wrapper takes the focus, where
 * the operator hears why, instead of it dropping to the page body.
 */
export function WhyDisabled({
  reason,
  children,
}: {
  reason: string | undefined;
  children: ReactElement<{ id?: string }>;
}) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  const generatedId = useId();
  const controlId = children.props.id ?? generatedId;
  const isDisabled = reason !== undefined;

  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const onFocusIn = () => {
      hadFocus.current = true;
    };
    // A control blurred by being disabled has no next element; moving elsewhere has one.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget !== null) hadFocus.current = false;
    };
    element.addEventListener('focusin', onFocusIn);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusin', onFocusIn);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  useLayoutEffect(() => {
    const element = wrapper.current;
    if (!isDisabled || !element) return;
    const active = document.activeElement;
    const isFocusInside = active !== element && element.contains(active);
    if (isFocusInside || (hadFocus.current && (active === null || active === document.body))) element.focus();
  }, [isDisabled]);

  return (
    <Tooltip title={reason ?? ''} describeChild>
      <span
        ref={wrapper}
        {...(isDisabled ? { tabIndex: 0, role: 'group', 'aria-labelledby': controlId } : {})}
        style={{ display: 'inline-flex' }}
      >
        {cloneElement(children, { id: controlId })}
      </span>
    </Tooltip>
  );
}
