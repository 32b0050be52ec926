import type { ConfirmationRequest } from '../../shell/feedback/globalUi.context.ts';

/** The one question asked before unsaved changes would be lost (docs/decisions/0017). */
export const LEAVE_UNSAVED_REQUEST: ConfirmationRequest = {
  title: 'Discard unsaved changes?',
  message: 'Your changes on this screen are not saved. Leave and lose them?',
};

type AskToLeave = () => Promise<boolean>;

// The forms that hold unsaved changes now, each with the way it asks (the console's confirmation dialog).
const unsavedForms = new Map<symbol, AskToLeave>();

/** Marks a form as holding unsaved changes; returns what marks it saved (or gone) again. */
export function holdUnsavedChanges(ask: AskToLeave): () => void {
  const key = Symbol('unsaved form');
  unsavedForms.set(key, ask);
  return () => {
    unsavedForms.delete(key);
  };
}

export const hasUnsavedChanges = (): boolean => unsavedForms.size > 0;

/**
 * Whether the operator may leave what they are editing: true at once when nothing is unsaved, otherwise
 * their answer to the one question (asked once, however many forms are dirty).
 */
export function confirmLeaving(): Promise<boolean> {
  const [ask] = unsavedForms.values();
  return ask ? ask() : Promise.resolve(true);
}

const DRAFT_KEY_PREFIX = 'console.unsaved:';

/** Where a form's values wait while the operator signs in again: per page (path and query) and form. */
export const unsavedDraftKey = (path: string, form: string): string => `${DRAFT_KEY_PREFIX}${form}:${path}`;
