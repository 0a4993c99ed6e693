// Open/close state of the login modal. The header, the mobile menu and any "sign in first"
// prompt call openLoginModal(); the modal itself (LoginModal) lives in the root layout.
import { create } from "zustand";

export type LoginModalView = "login" | "forgot";

interface LoginModalState {
  open: boolean;
  view: LoginModalView;
  /** Where a sign-in from this opening goes instead of the dashboard (checked by safeRedirect). */
  redirectTo: string | null;
}

export const useLoginModal = create<LoginModalState>(() => ({
  open: false,
  view: "login",
  redirectTo: null,
}));

export function openLoginModal(view: LoginModalView = "login", redirectTo: string | null = null): void {
  useLoginModal.setState({ open: true, view, redirectTo });
}

export function closeLoginModal(): void {
  useLoginModal.setState({ open: false, view: "login", redirectTo: null });
}

export function showLoginView(view: LoginModalView): void {
  useLoginModal.setState({ view });
}
