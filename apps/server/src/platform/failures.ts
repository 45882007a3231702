import { errorEnvelope } from '@freight/contract';
import { z } from 'zod';

/**
 * The refusals a route may answer, each in the error envelope, written once so that the OpenAPI
 * document says the same for every route of a kind. A route spreads the map of its kind after its
 * 200 reply, then the add-ons its handler can also answer. openapi-failures.test.ts reads the
 * document back and checks each route's statuses against its path, its input and its sign-in.
 */

/** A public route with a body, query or path: the request failed its schema (400). */
export const publicFailures = { 400: errorEnvelope };

/** Behind a sign-in that only needs a live session (the person's own notifications, logout). */
export const signedInFailures = { ...publicFailures, 401: errorEnvelope };

/** Behind a sign-in that also checks authorities or the role (403 when they refuse). */
export const memberFailures = { ...signedInFailures, 403: errorEnvelope };

/** A member route on one row by id: another company's row answers 404, as a missing one does. */
export const ownedFailures = { ...memberFailures, 404: errorEnvelope };

/** Add-on: the change collides with the row's state or with a value already taken. */
export const conflictFailure = { 409: errorEnvelope };

/** Add-on: the stored record or the file breaks a rule beyond its schema. */
export const ruleFailure = { 422: errorEnvelope };

/** Add-on: attempts are counted per address or account (login, reset, invitations). */
export const throttleFailure = { 429: errorEnvelope };

/** Add-on: a file upload too large (413) or not of a type the route takes (415). */
export const uploadFailures = { 413: errorEnvelope, 415: errorEnvelope };

/** The 200 reply of a route that sends a file, not the envelope, so that only the file is typed. */
export function fileReply(contentType: string) {
  return {
    description: 'The file',
    content: { [contentType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
  };
}
