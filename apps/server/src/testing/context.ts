import { DEFAULT_ENVIRONMENT } from '@console/domain/environment.constants';
import type { FastifyInstance } from 'fastify';
import {
  type ConsoleContext,
  createConsoleContext,
  createEnvironmentContext,
  createRuntimeContext,
  type EnvironmentContext,
  type RuntimeContext,
} from '../context.ts';

/** The operator a test's context acts as unless it names one (the dev login's default). */
export const TEST_ACTOR_EMAIL = 'operator@example.com';

/**
 * The context a request would carry, for a test calling a service directly: the app's database and
 * unit of work, acting on `environmentId` (dev by default) as `email`.
 */
export function testContext(
  app: FastifyInstance,
  {
    environmentId = DEFAULT_ENVIRONMENT,
    email = TEST_ACTOR_EMAIL,
  }: { environmentId?: string; email?: string } = {},
): EnvironmentContext {
  return createEnvironmentContext(app.unitOfWork, { email }, environmentId);
}

/** A console-wide context (no environment) of the app, acting as `email`. */
export function testConsoleContext(app: FastifyInstance, email = TEST_ACTOR_EMAIL): ConsoleContext {
  return createConsoleContext(app.unitOfWork, { email });
}

/** A game server's call's context (no actor): the app's unit of work, a runtime key `keyId` of `environmentId`. */
export function testRuntimeContext(
  app: FastifyInstance,
  {
    environmentId = DEFAULT_ENVIRONMENT,
    keyId = 'test-key',
  }: { environmentId?: string; keyId?: string } = {},
): RuntimeContext {
  return createRuntimeContext(app.unitOfWork, { id: keyId }, environmentId);
}
