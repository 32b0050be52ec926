import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router';
import { subscribeToApiEvents } from '../../api/client.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { holdUnsavedChanges, LEAVE_UNSAVED_REQUEST, unsavedDraftKey } from './unsavedChanges.ts';

// biome-ignore lint/suspicious/noExplicitAny: the guard reads any form's state and values, whatever its output.
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

function readDraft(key: string): FieldValues | null {
  try {
    const text = sessionStorage.getItem(key);
    if (text === null) return null;
    sessionStorage.removeItem(key);
    const draft: unknown = JSON.parse(text);
    return typeof draft === 'object' && draft !== null ? (draft as FieldValues) : null;
  } catch {
    return null;
  }
}

/**
 * Guards a form that edits something: while it has changes not yet saved (react-hook-form's `isDirty`),
 * switching environment, following a link, the browser's back and closing the tab ask first; a 401 keeps
 * its values for this page in session storage, and they are back once the operator signed in again.
 * `name` tells a page's forms apart in that storage.
 */
export function useUnsavedChangesGuard<T extends FieldValues>(form: AnyForm<T>, name: string): void {
  const { confirm } = useGlobalUi();
  const { pathname, search } = useLocation();
  const draftKey = unsavedDraftKey(pathname + search, name);
  const { isDirty, isSubmitSuccessful, submitCount } = form.formState;
  // A save that passed the form's checks leaves the form dirty until the screen moves on (to the list,
  // or the saved copy): it is not held back by its own save; a change after it is guarded again.
  const [isEditedAfterSubmit, setEditedAfterSubmit] = useState(false);
  const isUnsaved = isDirty && (!isSubmitSuccessful || isEditedAfterSubmit);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission starts the count over.
  useEffect(() => {
    setEditedAfterSubmit(false);
    const subscription = form.watch(() => setEditedAfterSubmit(true));
    return () => subscription.unsubscribe();
  }, [form, submitCount]);

  const restoredKey = useRef<string | null>(null);
  useEffect(() => {
    if (restoredKey.current === draftKey) return;
    restoredKey.current = draftKey;
    const draft = readDraft(draftKey);
    if (draft) form.reset(draft as T, { keepDefaultValues: true });
  }, [form, draftKey]);

  useEffect(() => {
    if (!isUnsaved) return;
    const release = holdUnsavedChanges(() => confirm(LEAVE_UNSAVED_REQUEST));
    const askBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', askBeforeUnload);
    const unsubscribe = subscribeToApiEvents((event) => {
      if (event.type !== 'unauthorized') return;
      try {
        sessionStorage.setItem(draftKey, JSON.stringify(form.getValues()));
      } catch {
        // Storage full or refused: signing in again still returns to the page, without the values.
      }
    });
    return () => {
      release();
      window.removeEventListener('beforeunload', askBeforeUnload);
      unsubscribe();
    };
  }, [isUnsaved, confirm, form, draftKey]);
}
