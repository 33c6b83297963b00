"use client";

import { DialogFrame } from "@/components/ui/dialog-frame";
import { dangerButton, outlineButton } from "@/components/admin/admin-ui";

/**
 * A question asked before something that cannot be undone (dropping a half-filled form, cancelling
 * an order): a way back, which has focus, and the red way on. Escape answers it as the way back.
 */
export function ConfirmQuestion({
  kind,
  open,
  title,
  description,
  keepLabel,
  confirmLabel,
  onKeep,
  onConfirm,
}: {
  kind: string;
  open: boolean;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <DialogFrame
      kind={kind}
      open={open}
      onClose={onKeep}
      title={title}
      description={description}
      size="narrow"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={outlineButton} onClick={onKeep}>
          {keepLabel}
        </button>
        <button type="button" className={dangerButton} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
