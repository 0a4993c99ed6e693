// Open state of the mobile menu; it closes when a navigation starts.
import { create } from "zustand";

export const useMobileMenu = create<{ open: boolean }>(() => ({ open: false }));

export const openMobileMenu = () => useMobileMenu.setState({ open: true });
export const closeMobileMenu = () => useMobileMenu.setState({ open: false });
