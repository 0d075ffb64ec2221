import { useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { Icon } from './Icon';

interface ChooseFilesButtonProps {
  /** The button's words ("Choose videos"). */
  children: ReactNode;
  /** The file input's accept list. */
  accept: string;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  variant?: 'primary' | 'secondary';
  /** For tests, which set files on the hidden input. */
  testId: string;
}

/** The keyboard's way in beside a drop zone: a button that opens the system's file picker (the input stays hidden). */
export function ChooseFilesButton({ children, accept, onFiles, disabled = false, variant = 'primary', testId }: ChooseFilesButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} unavailable={disabled} onClick={() => input.current?.click()}>
        <Icon name="upload" size={16} />
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Reset, so choosing the same file again still fires change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
