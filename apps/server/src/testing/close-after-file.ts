import { afterAll } from 'vitest';
import { closeWhatHooksOpened } from './close-after-use.ts';

// A setup file (vitest.config.ts): registered while each file is collected, this afterAll runs after the
// file's own, and closes what the file's hooks opened through closeAfterUse.
afterAll(closeWhatHooksOpened);
