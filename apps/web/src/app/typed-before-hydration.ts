/**
 * Text typed into a server-rendered view before its scripts ran. On a slow link the view
 * from the server is on screen seconds before React takes it over, and people type into what they
 * see: a booking number in the keyword box, a port in a select's search.
 *
 * React keeps what the element shows when it hydrates, but not in the page's state: the form still
 * holds the server's value, so a search would send nothing, and the next render would wipe the
 * text. React 19 has a fix behind a flag that stable builds do not turn on
 * (`enableHydrationChangeEvent`). So the typed text is noted before hydration and typed again, as
 * input events, once the page that holds it has been taken over.
 */
type Typed = {
  element: HTMLInputElement | HTMLTextAreaElement;
  /** What the server rendered (the element's default value). */
  rendered: string;
  typed: string;
};

/** Inputs whose value is text; a box, a radio, a file or a button keep what they have. */
const TEXT_INPUT = /^(text|search|email|tel|url|number|password)$/;

/** The hydrated view's root, from its hydration until the first page's replay. */
let hydrating: { root: HTMLElement; noted: Typed[] } | undefined;

function typedFields(root: HTMLElement): Typed[] {
  const fields: Typed[] = [];
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (element instanceof HTMLInputElement && !TEXT_INPUT.test(element.type)) continue;
    if (element.value !== element.defaultValue)
      fields.push({ element, rendered: element.defaultValue, typed: element.value });
  }
  return fields;
}

/**
 * Notes every text field of `root` whose value is no longer the one the server rendered; called
 * just before React hydrates `root` (app/mount.tsx).
 */
export function noteTypedBeforeHydration(root: HTMLElement): void {
  hydrating = { root, noted: typedFields(root) };
}

/**
 * Types the text typed before hydration again, into the elements that are still in the page; called
 * once the first page has been hydrated (its effects run: the page and every element around it are
 * React's now). Fields typed into after the note count too: what an element shows, where it differs
 * from what the server rendered, is what the person typed; the note keeps it where a render has
 * already put the server's value back.
 *
 * React tells a change by its record of the element's last value, which hydration took from the
 * element as it was, typed text included. So the element is first set to the rendered value through
 * React's record, then to the typed text past it, and an input event follows, as typing does. A
 * select's search is typed again only where the person still is: out of focus, a select drops its
 * search, and the server's empty box is put back.
 */
export function replayTypedBeforeHydration(): void {
  if (!hydrating) return;
  const { root, noted } = hydrating;
  hydrating = undefined;
  const fields = new Map(noted.map((field) => [field.element, field]));
  for (const field of typedFields(root)) fields.set(field.element, field);
  for (const { element, rendered, typed } of fields.values()) {
    if (!element.isConnected) continue;
    const focused = element.ownerDocument.activeElement === element;
    const selection = focused ? [element.selectionStart, element.selectionEnd] : [null, null];
    element.value = rendered;
    if (element.getAttribute('role') === 'combobox' && !focused) continue;
    const prototype = Object.getPrototypeOf(element) as HTMLInputElement | HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, typed);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    const [start, end] = selection;
    // Only where the element has a caret (a number field has none).
    if (start !== null && end !== null && start !== undefined && end !== undefined)
      element.setSelectionRange(start, end);
  }
}
