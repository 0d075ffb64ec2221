/**
 * An area that takes dropped files (the whole window for videos, WindowDrop.tsx; the Photos page
 * for photos). While files are dragged over it, it says where they will go (or why they cannot).
 * Only file drags count: dragging text or a link does nothing. A zone that is not `enabled` lets
 * drags pass to the one inside it (the window's, while Photos is open).
 */
import { useIntl } from 'react-intl';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';

interface DropZoneProps {
  /** Where dropped files go, in words ("Ava Makes"), or null when they cannot go anywhere. */
  destination: string | null;
  onFiles: (files: File[]) => void;
  onRefused: (files: File[]) => void;
  children: ReactNode;
  /** What it takes, under "Drop to send to …". */
  note?: string;
  testId?: string;
  /** The element's own class (the window's layout), besides the zone's. */
  className?: string;
  enabled?: boolean;
}

const filesIn = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function DropZone({ destination, onFiles, onRefused, children, note, testId = 'queue-drop-zone', className = 'drop-zone', enabled = true }: DropZoneProps) {
  const intl = useIntl();
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);
  const carriesFiles = (event: DragEvent) => enabled && filesIn(event);

  return (
    <div
      className={over && enabled ? `${className} drop-zone--over` : className}
      data-testid={testId}
      onDragEnter={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = destination ? 'copy' : 'none';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(event) => {
        if (!enabled || (!filesIn(event) && event.dataTransfer.files.length === 0)) return;
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = [...event.dataTransfer.files];
        if (files.length === 0) return;
        if (destination) onFiles(files);
        else onRefused(files);
      }}
    >
      {children}
      {over && enabled ? (
        <div className={destination ? 'drop-zone__overlay' : 'drop-zone__overlay drop-zone__overlay--refused'} aria-hidden="true">
          <Icon name={destination ? 'upload' : 'alert'} size={28} />
          <p className="drop-zone__title">{destination ? intl.formatMessage({ id: 'queue.dropZone.sendTo' }, { destination }) : intl.formatMessage({ id: 'queue.dropZone.noAccount' })}</p>
          <p className="drop-zone__text">{destination ? (note ?? intl.formatMessage({ id: 'queue.dropInvite.note' })) : intl.formatMessage({ id: 'queue.dropZone.addAccount' })}</p>
        </div>
      ) : null}
    </div>
  );
}
