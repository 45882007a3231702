import { z } from 'zod';
import type { MessageParams } from './i18n/index.js';
import type { MessageKey } from './i18n/types.js';

/*
 * What the rules of the trade codes and of the booking's terms share: how a rule across several
 * values answers, and how a code field reads what people type.
 */

/**
 * A rule that looks at several values at once answers its refusals as problems: the field at fault
 * (a dotted path, row indexes as numbers: "equipment.2.tare_weight"), the message key, and the
 * values the message needs besides the field's label. The server throws them as they are (each
 * field named in the error envelope); a zod schema adds them with addProblems.
 */
export type RuleProblem = { field: string; key: MessageKey; params: MessageParams };

/** Where a rule's values sit in a larger body, so that its problems name their full path. */
export type RulePath = readonly (string | number)[];

/**
 * Where a rule's values sit, and whether the booking is being submitted (the default) or saved as a
 * draft: a rule asks for what is missing only on submit.
 */
export type RuleOptions = { at?: RulePath; submit?: boolean };

/** A problem at `name` under `at`. */
export function problemAt(
  at: RulePath,
  name: string,
  key: MessageKey,
  params: MessageParams = {},
): RuleProblem {
  return { field: [...at, name].join('.'), key, params };
}

/** Adds a rule's problems to a zod refinement, each at its own path, so that toFieldErrors names it. */
export function addProblems(ctx: z.RefinementCtx, problems: readonly RuleProblem[]): void {
  for (const problem of problems)
    ctx.addIssue({
      code: 'custom',
      path: problem.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message: problem.key,
      params: problem.params,
    });
}

/** Upper case without any blank: "cn sha" → "CNSHA", "imo 907 4729" → "IMO9074729". */
export const compactCode = (text: string) => text.toUpperCase().replace(/\s+/g, '');

/**
 * A code field: trimmed and compacted (compactCode, then `normalize`), then held to `check`, whose
 * refusal says `key`.
 */
export function codeField(
  check: (code: string) => boolean,
  key: MessageKey,
  normalize: (code: string) => string = (code) => code,
) {
  return z
    .string()
    .trim()
    .transform((text) => normalize(compactCode(text)))
    .pipe(z.string().refine(check, { error: key }));
}
