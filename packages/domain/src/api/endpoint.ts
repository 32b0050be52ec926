import { z } from 'zod';
import type { EndpointAccess } from '../access.ts';
import { emptyBodySchema } from './envelope.ts';

/**
 * The API contract: every call of the console is declared once here, grouped by feature, and the
 * server registers routes from these declarations, the OpenAPI document is generated from them and
 * the web client calls them. A feature adds only its handler (server) and its hooks (web).
 */

export type { EndpointAccess } from '../access.ts';
/** 'environment' calls act on `?configuration=<id>`; 'global' ones do not (e.g. listing environments). */
export type EndpointScope = 'environment' | 'global';

export const noBodySchema = emptyBodySchema;
export const noParamsSchema = z.object({});
export type NoBody = typeof noBodySchema;
export type NoParams = typeof noParamsSchema;

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  /** Fastify-style path: `/api/id/exist/:kind/:id`. Every call is a POST. */
  readonly path: string;
  readonly summary: string;
  /** The feature it belongs to: the OpenAPI tag, and the first part of the web's query keys. */
  readonly feature: string;
  readonly body: Body;
  readonly params: Params;
  readonly response: Response;
  readonly scope: EndpointScope;
  /** The right a caller needs (access.ts), checked by the server before the handler runs. */
  readonly access: EndpointAccess;
  /**
   * A body field naming the environment the right is checked in, when that is not the call's own
   * environment: a transfer needs 'change' in its destination (`to`). Absent in the body: console-wide.
   */
  readonly accessEnvironmentField?: string;
  /**
   * A streamed answer: the body is written as it is read, in one of these content types (the request
   * chooses), not `{payload}`; `response` describes its JSON form. Absent: `{payload}` as JSON.
   */
  readonly produces?: readonly string[];
}

export type AnyEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType>;

/**
 * What one declaration says; body, params and scope have defaults. `access` has none: a call that
 * does not say which right it needs cannot be declared (nothing declared means nobody).
 */
export interface EndpointDeclaration {
  path: string;
  summary: string;
  body?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  scope?: EndpointScope;
  access: EndpointAccess;
  accessEnvironmentField?: string;
  produces?: readonly string[];
}

type BodyOf<D> = D extends { body: infer B extends z.ZodType } ? B : NoBody;
type ParamsOf<D> = D extends { params: infer P extends z.ZodType } ? P : NoParams;
type ResponseOf<D> = D extends { response: infer R extends z.ZodType } ? R : never;
export type EndpointOf<D extends EndpointDeclaration> = Endpoint<BodyOf<D>, ParamsOf<D>, ResponseOf<D>>;

/** The body a caller sends (before defaults), the params of the path, and the typed answer. */
export type RequestBody<E extends AnyEndpoint> = z.input<E['body']>;
export type PathParams<E extends AnyEndpoint> = z.input<E['params']>;
export type ResponseOfEndpoint<E extends AnyEndpoint> = z.output<E['response']>;

/** Declares one feature's calls: `defineEndpoints('abtest', { list: {...}, get: {...} })`. */
export function defineEndpoints<const T extends Record<string, EndpointDeclaration>>(
  feature: string,
  declarations: T,
): { readonly [K in keyof T]: EndpointOf<T[K]> } {
  const endpoints: Record<string, AnyEndpoint> = {};
  for (const [name, declaration] of Object.entries(declarations)) {
    endpoints[name] = {
      path: declaration.path,
      summary: declaration.summary,
      feature,
      body: declaration.body ?? noBodySchema,
      params: declaration.params ?? noParamsSchema,
      response: declaration.response,
      scope: declaration.scope ?? 'environment',
      access: declaration.access,
      ...(declaration.accessEnvironmentField === undefined
        ? {}
        : { accessEnvironmentField: declaration.accessEnvironmentField }),
      ...(declaration.produces === undefined ? {} : { produces: declaration.produces }),
    };
  }
  return endpoints as { readonly [K in keyof T]: EndpointOf<T[K]> };
}

/** A feature's declarations: endpoints by name, or nested groups (a family per kind: api.config.kinds.ar). */
export interface EndpointGroup {
  readonly [name: string]: AnyEndpoint | EndpointGroup;
}

function isEndpoint(entry: AnyEndpoint | EndpointGroup): entry is AnyEndpoint {
  return typeof entry.path === 'string' && typeof entry.feature === 'string';
}

/** Every endpoint of a group of feature declarations, flattened (nested groups included). */
export function listEndpoints(...groups: EndpointGroup[]): AnyEndpoint[] {
  return groups.flatMap((group) =>
    Object.values(group).flatMap((entry) => (isEndpoint(entry) ? [entry] : listEndpoints(entry))),
  );
}
