// The main menu (spec section 2) with each entry's condition; the header and the mobile menu
// both render it.
export type MenuEntry =
  | { label: string; to: string; testId: string }
  | { label: string; action: "login"; testId: string };

export interface MenuState {
  signedIn: boolean;
  showSignin: boolean;
  showSignup: boolean;
}

export function mainMenu(
  { signedIn, showSignin, showSignup }: MenuState,
  where: "header" | "mobile",
): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    { label: "Home", to: "/", testId: "menu-home" },
    { label: "All Products", to: "/shop/sidebar/list", testId: "menu-all-products" },
    { label: "Become a Partner", to: "/pages/partner", testId: "menu-partner" },
    !signedIn && showSignin && { label: "Sign in", action: "login", testId: "menu-signin" },
    // The mobile menu shows Sign up only where sign-in is enabled too (spec section 2).
    !signedIn &&
      showSignup &&
      (where === "header" || showSignin) && { label: "Sign up", to: "/register", testId: "menu-signup" },
    signedIn && { label: "My Account", to: "/shop/dashboard", testId: "menu-account" },
    { label: "Checkout", to: "/shop/cart", testId: "menu-checkout" },
    { label: "About Us", to: "/pages/about", testId: "menu-about" },
    { label: "Contact Us", to: "/pages/contact", testId: "menu-contact" },
  ];
  return entries.filter((e): e is MenuEntry => e !== false);
}

/** Listing pages keep their scroll position (spec section 2): links there prevent the reset. */
export function keepsScroll(path: string): boolean {
  return /\/shop\/sidebar|\/shop\/nosidebar|\/shop\/market|\/blog/.test(path);
}
