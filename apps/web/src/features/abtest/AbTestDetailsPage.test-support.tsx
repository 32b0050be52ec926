import {
  ABTEST_MESSAGES,
  type AbTest,
  type ActivateVersionRequest,
  activateVersion,
  SEGMENT_PROPERTY_LIST,
} from '@console/domain/abtest';
import { Route, Routes } from 'react-router';
import { fail, fakeApi, type Handler, ok } from '../../test/fakeApi.ts';
import { AbTestDetailsPage } from './AbTestDetailsPage.tsx';
import { renderInConsole } from './abtest.test-support.tsx';

// The details page's tests (its own, the re-split checkbox's, the impact's) share this set-up; kept
// apart from abtest.test-support.tsx so that tests of other screens do not load the details page.

/**
 * A fake API serving `abTest` as its details page reads it (the test, its versions newest first, the
 * segment properties) and activating a version of it; `handlers` add the calls a test makes.
 */
export function fakeAbTestApi(abTest: AbTest, handlers: Record<string, Handler> = {}) {
  return fakeApi({
    '/api/abtest/get': ({ body }) =>
      (body as { id: string }).id === abTest.id ? ok(abTest) : fail(404, ABTEST_MESSAGES.notFoundPage),
    '/api/abtest/versions/get': () => ok([...abTest.data.versions].reverse()),
    '/api/segment/property/list': () => ok(SEGMENT_PROPERTY_LIST),
    '/api/abtest/activate/version': ({ body }) =>
      ok({ ...abTest, data: activateVersion(abTest.data, (body as ActivateVersionRequest).version) }),
    ...handlers,
  });
}

/** The details page of the A/B-test `id`, reached by its route. */
export function renderAbTestDetailsPage(id: string) {
  return renderInConsole(
    <Routes>
      <Route path="/abtest/:id" element={<AbTestDetailsPage />} />
    </Routes>,
    { path: `/abtest/${id}` },
  );
}
