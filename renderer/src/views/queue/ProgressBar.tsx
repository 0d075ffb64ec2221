import type { Tone } from './draft-words';

/** A thin bar; indeterminate (no value) while the size of the work is unknown. */
export function ProgressBar({ value, tone = 'active', label }: { value: number | null; tone?: Tone; label: string }) {
  return (
    <div
      className={`progress progress--${tone}${value === null ? ' progress--indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={value === null ? undefined : 0}
      aria-valuemax={value === null ? undefined : 100}
      aria-valuenow={value ?? undefined}
    >
      <span className="progress__fill" style={value === null ? undefined : { width: `${value}%` }} />
    </div>
  );
}
