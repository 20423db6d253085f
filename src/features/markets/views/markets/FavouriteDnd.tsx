import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Handle = styled.button`
  all: unset;
  cursor: grab;
  padding: 0 6px 0 0;
  color: ${({ theme }) => theme.color.textFaint};
  touch-action: none;
  &:hover { color: ${({ theme }) => theme.color.text}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; }
`;

const Chip = styled.div`
  display: inline-block;
  padding: 5px 12px;
  border-radius: 4px;
  font-weight: 600;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.accent};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
  cursor: grabbing;
`;

const Row = styled.tr<{ $over: boolean }>`
  box-shadow: ${({ $over, theme }) => ($over ? `inset 0 2px 0 ${theme.color.accent}` : 'none')};
`;

/** The grip that drags a favourite row. */
export function DragHandle(props: { id: string; label: string }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef } = useDraggable({ id: props.id });
  return (
    <Handle ref={setNodeRef} type="button" {...attributes} {...listeners} aria-label={t('markets.dragHandle', { pair: props.label })}>
      ⠿
    </Handle>
  );
}

/** A favourite row that another one can be dropped on. */
export function DropRow(props: { id: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: props.id });
  return (
    <Row ref={setNodeRef} $over={isOver} data-pair={props.id}>
      {props.children}
    </Row>
  );
}

/**
 * Drag and drop of favourites with @dnd-kit/core: a drop reports (dragged, target) to `onMove`;
 * the order itself lives in the favourites machine. Which row is being dragged is presentation.
 */
export function FavouriteDnd(props: { onMove: (pair: string, over: string) => void; labelOf: (id: string) => string; children: ReactNode }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor));
  const [dragging, setDragging] = useState<string | undefined>();
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(undefined);
    if (event.over && event.over.id !== event.active.id) props.onMove(String(event.active.id), String(event.over.id));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragStart={(e) => setDragging(String(e.active.id))} onDragEnd={onDragEnd} onDragCancel={() => setDragging(undefined)}>
      {props.children}
      <DragOverlay>{dragging ? <Chip>{props.labelOf(dragging)}</Chip> : null}</DragOverlay>
    </DndContext>
  );
}
