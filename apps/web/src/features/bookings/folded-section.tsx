import { Form, type FormInstance } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/*
 * A folded part of the booking form (the sailing asked for, the commercial terms): its fields stay
 * in the form while folded, so that a submit checks them, and a field refused while folded unfolds
 * it, so that the message and the focused field can be seen.
 */

/** Whether the part is open, how to open or fold it, and `reveal` for a rule refusing a value in it. */
export function useFold(initiallyOpen: () => boolean) {
  const [open, setOpen] = useState(initiallyOpen);
  // The state as of now, for a rule run between two renders.
  const isOpen = useRef(open);
  const show = (value: boolean) => {
    isOpen.current = value;
    setOpen(value);
  };
  // Unfolded at once (before validateAndShow focuses the field), yet outside any render.
  const reveal = () => {
    if (!isOpen.current) queueMicrotask(() => flushSync(() => show(true)));
  };
  const openOnErrors = () => {
    if (!isOpen.current) show(true);
  };
  return { open, show, reveal, openOnErrors };
}

type FieldError = ReturnType<FormInstance['getFieldsError']>[number];
const errored = new WeakMap<FormInstance, FieldError[]>();

/**
 * The fields of `form` that show an error now. Every watcher of a form asks after the same render
 * (a long booking has one per line), and reading every field's errors costs as much as the form has
 * fields: fifty lines asking each on every keystroke made typing take a second on a slow phone. So
 * the first to ask reads them, and the others of that render share it until the next task.
 */
export function erroredFields(form: FormInstance): FieldError[] {
  let found = errored.get(form);
  if (!found) {
    found = form.getFieldsError().filter((field) => field.errors.length > 0);
    errored.set(form, found);
    queueMicrotask(() => errored.delete(form));
  }
  return found;
}

/**
 * Calls `onErrors` after a render in which a field under one of `names` (its first path part)
 * shows an error: errors put on the fields from outside their rules (a draft's check, the server's
 * refusal) open a folded part too.
 */
function ErrorsWatcher({ names, onErrors }: { names: readonly string[]; onErrors: () => void }) {
  const form = Form.useFormInstance();
  useEffect(() => {
    const watched = new Set<unknown>(names);
    if (erroredFields(form).some((field) => watched.has(field.name[0]))) onErrors();
  });
  return null;
}

/** ErrorsWatcher, rendered again on every change of the form. */
export function FoldErrorsWatcher(props: { names: readonly string[]; onErrors: () => void }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {() => <ErrorsWatcher {...props} />}
    </Form.Item>
  );
}
