// Open/close state of the login modal. The header, the mobile menu and any "sign in first"
// prompt call openLoginModal(); the modal itself (LoginModal) lives in the root layout.
import { create } from "zustand";

export type LoginModalView = "login" | "forgot";

interface LoginModalState {
  open: boolean;
  view: LoginModalView;
}

export const useLoginModal = create<LoginModalState>(() => ({ open: false, view: "login" }));

export function openLoginModal(view: LoginModalView = "login"): void {
  useLoginModal.setState({ open: true, view });
}

export function closeLoginModal(): void {
  useLoginModal.setState({ open: false, view: "login" });
}

export function showLoginView(view: LoginModalView): void {
  useLoginModal.setState({ view });
}
