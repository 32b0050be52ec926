import { afterAll } from 'vitest';
import { closeWhatHooksOpened } from './close-after-use.ts';
import { describeUndeclared, takeObservedStatuses } from './observed-statuses.ts';

// A setup file (vitest.config.ts): registered while each file is collected, these afterAll hooks run after
// the file's own (the last registered first): what the file's test apps answered is checked against the
// OpenAPI document, then what the file's hooks opened through closeAfterUse is closed.
afterAll(closeWhatHooksOpened);
afterAll(() => {
  const undeclared = describeUndeclared(takeObservedStatuses());
  if (undeclared.length > 0)
    throw new Error(`Statuses not declared in the OpenAPI document:\n${undeclared.join('\n')}`);
});
