/**
 * A settings form that applies as the person changes it, like every other section (issue 28,
 * point 7): a choice or a checkbox applies at once, a typed field when the person leaves it (or
 * presses Enter). Nothing invalid is ever saved: the form is checked first, and a problem is shown
 * where something was typed (every problem once the person presses Enter), so a half-filled form
 * waits without scolding fields not reached yet.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { hasErrors } from './form-rules';
import type { SectionDraft } from './use-section-draft';

interface ApplyOptions<D, E extends object> {
  section: SectionDraft<D>;
  validate: (draft: D) => E;
  /** Whether `draft` differs from what is stored. */
  changed: (draft: D) => boolean;
  /** Whether two drafts store the same value. */
  same: (a: D, b: D) => boolean;
  /** Saves a valid draft; resolves with the draft of what was stored. */
  save: (draft: D) => Promise<D>;
}

export interface ApplyOnChange<D, E> {
  /** The problems to show now. */
  errors: E;
  /** How many problems keep the form from being saved (0 when it is saved or has nothing to save). */
  waiting: number;
  /** Check `next` and save it when it is valid and changed; `everything` shows every problem (Enter). */
  apply(next: D, everything?: boolean): void;
  /** A typed field's change: it edits the draft, and applies when the person leaves the field. */
  type<K extends keyof D>(key: K): (value: D[K]) => void;
  /** A choice's or a checkbox's change: it edits the draft and applies at once. */
  choose<K extends keyof D>(key: K): (value: D[K]) => void;
  /** Applies the form showing every problem, and takes the person to the first (Enter, or a step that needs the form whole). */
  showErrors(): void;
  /** The `<form>`'s own props: Enter in a field is showErrors, leaving a field applies the form, nothing submits it. */
  form: {
    ref: RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit(event: FormEvent<HTMLFormElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLFormElement>): void;
    onBlur(): void;
  };
}

const filled = (draft: unknown, key: string) => String((draft as Record<string, unknown>)[key] ?? '').trim() !== '';

export function useApplyOnChange<D extends object, E extends object>({ section, validate, changed, same, save }: ApplyOptions<D, E>): ApplyOnChange<D, E> {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(false);
  // A change made while a save is under way (a field left by clicking a choice) waits its turn,
  // and is judged against what that save stored: until it ends, `changed` compares with the value
  // before it, so a change back to that value (a checkbox unticked and ticked again) looked like
  // no change and the first save's value stayed stored under a form showing the other.
  const queued = useRef<D | null>(null);
  // The draft as the person has it now: a save that ends after another change must not undo it.
  const latest = useRef(section.draft);
  useEffect(() => {
    latest.current = section.draft;
  });
  const now = validate(section.draft);
  const errors = Object.fromEntries(Object.entries(now).filter(([key]) => shown.has(key))) as E;

  function apply(next: D, everything = false): void {
    const problems = validate(next);
    // Once shown, a problem stays shown until it is fixed (leaving a field after Enter hides nothing).
    setShown((before) => new Set([...before, ...Object.keys(problems).filter((key) => everything || filled(next, key))]));
    if (hasErrors(problems)) return;
    if (inFlight.current) {
      queued.current = next;
      return;
    }
    if (changed(next)) start(next);
  }

  function start(next: D): void {
    inFlight.current = true;
    let stored: D | null = null;
    void section
      .run(async () => {
        const saved = await save(next);
        stored = saved;
        return latest.current === next ? saved : latest.current;
      })
      .finally(() => {
        inFlight.current = false;
        const again = queued.current;
        queued.current = null;
        if (again === null) return;
        // Saved: compare with what was stored now; failed: what is stored has not changed.
        if (stored === null ? changed(again) : !same(again, stored)) start(again);
      });
  }

  const { draft } = section;
  const form = useRef<HTMLFormElement>(null);
  const type = <K extends keyof D>(key: K) => (value: D[K]) => section.edit({ ...draft, [key]: value });
  const choose = <K extends keyof D>(key: K) => (value: D[K]) => {
    const next = { ...draft, [key]: value };
    section.edit(next);
    apply(next);
  };
  function showErrors(): void {
    apply(draft, true);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }
  return {
    errors,
    waiting: changed(draft) ? Object.keys(now).length : 0,
    apply,
    type,
    choose,
    showErrors,
    form: { ref: form, noValidate: true, onSubmit: (event) => event.preventDefault(), onKeyDown: (event) => onEnterInField(event, showErrors), onBlur: () => apply(draft) },
  };
}

/**
 * Enter in a text field applies the form and shows every problem. Browsers submit a form on Enter
 * only when it has a submit button or a single field, and these forms have neither.
 */
function onEnterInField(event: KeyboardEvent<HTMLFormElement>, then: () => void): void {
  const field = event.target;
  if (event.key !== 'Enter' || !(field instanceof HTMLInputElement) || field.type === 'checkbox' || field.type === 'radio') return;
  event.preventDefault();
  then();
}
