/**
 * Labelled form controls. Each control is tied to its label, its hint and its error message
 * (aria-describedby), and says when it is invalid (aria-invalid).
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onValueChange: (value: string) => void;
}

export function TextField({ label, hint, error, value, onValueChange, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className={['input', className].filter(Boolean).join(' ')} value={value} onChange={(event) => onValueChange(event.target.value)} />}
    </Field>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** 'cards' for choices that need a sentence each, 'segmented' for short ones. */
  look?: 'cards' | 'segmented';
  hint?: ReactNode;
}

/** A radio group: arrow keys move between choices, as native radios do. */
export function ChoiceGroup<T extends string>({ legend, name, choices, value, onChange, look = 'cards', hint }: ChoiceGroupProps<T>) {
  const id = useId();
  return (
    <fieldset className={`choices choices--${look}`} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="choices__options">
        {choices.map((choice) => {
          // Named by its label alone, described by its sentence: a short name to hear and to find.
          const labelId = `${id}-${choice.value}-label`;
          const descriptionId = `${id}-${choice.value}-description`;
          return (
            <label key={choice.value} className="choice">
              <input
                className="choice__input"
                type="radio"
                name={name}
                value={choice.value}
                checked={choice.value === value}
                onChange={() => onChange(choice.value)}
                aria-labelledby={labelId}
                aria-describedby={choice.description ? descriptionId : undefined}
              />
              <span className="choice__text">
                <span className="choice__label" id={labelId}>
                  {choice.label}
                </span>
                {choice.description ? (
                  <span className="choice__description" id={descriptionId}>
                    {choice.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
