import {
  type CreateAbTestRequest,
  type createAbTestRequestSchema,
  sanitizeAbTestId,
} from '@console/domain/abtest';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useIdExistsQuery, useIdSuggestionQuery } from './abtest.queries.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';

// The existence check waits for a pause in typing.
export const ID_CHECK_DELAY_MS = 300;

type CreateAbTestForm = UseFormReturn<
  z.input<typeof createAbTestRequestSchema>,
  unknown,
  CreateAbTestRequest
>;

/**
 * The new A/B-test's ID: a random two-word suggestion fills it until the operator types one, and
 * `reroll` replaces it; whether the typed ID exists is checked once typing pauses ("ID already exists").
 */
export function useNewAbTestId({ getValues, setValue, watch }: CreateAbTestForm) {
  const suggestion = useIdSuggestionQuery(true);
  const isRerollAsked = useRef(false);
  useEffect(() => {
    if (!suggestion.data) return;
    if (getValues('id') !== '' && !isRerollAsked.current) return;
    isRerollAsked.current = false;
    setValue('id', sanitizeAbTestId(suggestion.data), { shouldValidate: true, shouldDirty: true });
  }, [suggestion.data, getValues, setValue]);

  const id = watch('id');
  const checkedId = useDebouncedValue(id, ID_CHECK_DELAY_MS);
  const exists = useIdExistsQuery(checkedId);
  return {
    reroll: () => {
      isRerollAsked.current = true;
      void suggestion.refetch();
    },
    doesIdExist: checkedId === id && exists.data === true,
    // A failed check does not block: the server refuses a duplicate anyway.
    isCheckingId: checkedId !== id || exists.isFetching,
  };
}
