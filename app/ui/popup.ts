// Message popups (the spec's titled messages: 'Wrong username / password' / 'Please try again!',
// 'Session Expired', 'Congrats! Registration Completed Successfully' ...). One at a time;
// a new one replaces the current. PopupHost (in AccountLayer) renders it.
import { create } from "zustand";

export type PopupIcon = "success" | "error" | "warning" | "info";

export interface PopupSpec {
  icon: PopupIcon;
  title: string;
  text?: string;
  /** Label of the confirm button (default 'OK'). */
  button?: string;
  /** Runs when the popup is closed by its button, Escape or the backdrop. */
  onClose?: () => void;
}

interface PopupState {
  popup: (PopupSpec & { id: number }) | null;
}

let seq = 0;
export const usePopup = create<PopupState>(() => ({ popup: null }));

export function showPopup(spec: PopupSpec): void {
  usePopup.setState({ popup: { ...spec, id: ++seq } });
}

export function closePopup(): void {
  const current = usePopup.getState().popup;
  usePopup.setState({ popup: null });
  current?.onClose?.();
}
