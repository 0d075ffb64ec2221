/**
 * Reordering by dragging a row onto another: dropped on a row's upper half it goes before it, on
 * the lower half after it. Only our own drags count (files dragged in go to the drop zone). The
 * up and down buttons do the same from the keyboard.
 */
import type { DragEvent } from 'react';
import { placeDraft } from '../../state/drafts';

const DRAFT_DRAG = 'application/x-draftdeck-draft';

const ours = (event: DragEvent) => event.dataTransfer.types.includes(DRAFT_DRAG);

export function rowDragHandlers(id: string) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      event.dataTransfer.setData(DRAFT_DRAG, id);
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!ours(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (!ours(event)) return;
      event.preventDefault();
      const dragged = event.dataTransfer.getData(DRAFT_DRAG);
      const box = event.currentTarget.getBoundingClientRect();
      if (dragged) void placeDraft(dragged, id, event.clientY < box.top + box.height / 2 ? 'before' : 'after');
    },
  };
}
