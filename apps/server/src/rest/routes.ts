import { createSessionRoute } from './create-session.js';
import type { RestRoute } from './rest-route.js';

/** Every REST endpoint of the spec, in the order the OpenAPI document lists them. */
export const REST_ROUTES: readonly RestRoute<never, never>[] = [createSessionRoute as unknown as RestRoute<never, never>];
