import { defineEndpoints } from '../api/endpoint.ts';
import {
  niceConfigResponseSchema,
  niceSavedResponseSchema,
  setNiceConfigRequestSchema,
} from '../operations/nice.ts';

export const niceEndpoints = defineEndpoints('nice', {
  get: {
    path: '/api/nice/get',
    access: 'admin',
    summary: 'The NICE authentication token of the environment ("" when none)',
    response: niceConfigResponseSchema,
  },
  set: {
    path: '/api/nice/set',
    access: 'admin',
    summary: 'Save the NICE authentication token ("" clears it); audited without its value',
    body: setNiceConfigRequestSchema,
    response: niceSavedResponseSchema,
  },
});
