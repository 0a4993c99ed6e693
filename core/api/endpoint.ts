// The building blocks of the API contract. An endpoint is the route description that
// @hono/zod-openapi's createRoute takes as it is (method, path, request schemas, a schema per
// response status), written with plain zod so that core/ needs no hono: the server passes it to
// createRoute, the browser reads its types, the OpenAPI document and the fuzz tests come from it.
// Schema names in the OpenAPI document are zod metadata: `.meta({ id: "Name" })`.
import type { z } from "zod";
import type { ApiRoute } from "./routes";

type Json<S extends z.ZodType> = { "application/json": { schema: S } };

/** A JSON response of one status. */
export function json<S extends z.ZodType>(schema: S, description: string) {
  return { content: { "application/json": { schema } } as Json<S>, description };
}

/** A required JSON request body. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { content: { "application/json": { schema } } as Json<S>, required: true };
}

export interface EndpointDefinition {
  tags: string[];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  request?: {
    params?: z.ZodType;
    query?: z.ZodType;
    headers?: z.ZodType;
    body?: { content: Record<string, { schema: z.ZodType }>; required?: boolean };
  };
  responses: Record<number, { description: string; content?: Record<string, { schema: z.ZodType }> }>;
}

/** One endpoint: its method and path from routes.ts, and everything else. */
export function endpoint<R extends ApiRoute, D extends EndpointDefinition>(route: R, definition: D): R & D {
  return { ...route, ...definition };
}

type JsonSchemaOf<X> = X extends { content: { "application/json": { schema: infer S extends z.ZodType } } }
  ? S
  : never;
type Success = 200 | 201 | 202 | 204;

/** What a caller sends: `{ params, query, body }` as far as the endpoint takes them. */
export type ApiInput<E> = E extends { request: infer R }
  ? (R extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : unknown) &
      (R extends { query: infer Q extends z.ZodType } ? { query: z.input<Q> } : unknown) &
      (R extends { body: infer B } ? { body: z.input<JsonSchemaOf<B>> } : unknown)
  : Record<never, never>;

/** What a caller gets back on success (any 2xx the endpoint lists). */
export type ApiOutput<E> = E extends { responses: infer R }
  ? { [S in keyof R]: S extends Success ? z.output<JsonSchemaOf<R[S]>> : never }[keyof R]
  : never;
