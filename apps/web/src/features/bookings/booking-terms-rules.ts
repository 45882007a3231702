import { localizeIssue, type RuleProblem } from '@freight/contract';
import type { FormInstance, Rule } from 'antd/es/form';
import { sharedCatalog } from '../../i18n';
import type { BookingFormValues } from './booking-form-values';
import { withoutEmptyStops } from './booking-terms-values';

/*
 * Form rules from the contract's rules across the booking's terms (requestedSailingProblems,
 * doorProblems): the form asks the contract's function about the values as they will be sent and
 * shows its problem at the field it names, in the server's words. No rule is written here.
 */

/** A problem of a rule across fields in the interface language, as the server would word it. */
export function problemMessage(problem: RuleProblem): string {
  const path = problem.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const issue = {
    code: 'custom' as const,
    path,
    message: problem.key,
    params: problem.params,
    input: undefined,
  };
  return localizeIssue(issue, sharedCatalog()).message;
}

/** The problem `problemsOf` finds at `field` (a dotted path), given the form's values. */
export function problemFor(
  form: FormInstance<BookingFormValues>,
  field: string,
  problemsOf: (values: BookingFormValues) => readonly RuleProblem[],
): RuleProblem | undefined {
  return problemsOf(form.getFieldsValue(true) as BookingFormValues).find(
    (problem) => problem.field === field,
  );
}

/** A Form.Item rule holding `field` to a contract rule across fields (problemsOf). */
export function problemRule(
  field: string,
  problemsOf: (values: BookingFormValues) => readonly RuleProblem[],
): Rule {
  return (form) => ({
    validator: async () => {
      const problem = problemFor(form as FormInstance<BookingFormValues>, field, problemsOf);
      if (problem) throw new Error(problemMessage(problem));
    },
  });
}

/**
 * The rule, calling `onError` when it refuses a value: a field in a collapsed section opens it, so
 * that the message (and the field, focused by validateAndShow) can be seen.
 */
export function revealing(rule: Rule, onError: () => void): Rule {
  return (form) => {
    const inner = typeof rule === 'function' ? rule(form) : rule;
    const validator = inner.validator;
    if (!validator) return inner;
    return {
      ...inner,
      validator: async (...args: Parameters<typeof validator>) => {
        try {
          await validator(...args);
        } catch (error) {
          onError();
          throw error;
        }
      },
    };
  };
}

/**
 * Takes the loading stops left empty out of the form before it is checked and sent: they are not
 * sent, and a refusal of a stop (the draft's check, the server's) names its row by its place in
 * what was sent, which is then its place in the form too.
 */
export function dropEmptyStops(form: FormInstance<BookingFormValues>): void {
  const stops =
    (form.getFieldValue('container_positionings') as BookingFormValues['container_positionings']) ?? [];
  const kept = withoutEmptyStops(stops);
  if (kept.length !== stops.length) form.setFieldValue('container_positionings', kept);
}
