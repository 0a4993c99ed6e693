// The main menu (spec section 2) with each entry's condition; the header and the mobile menu
// both render it.
/** The entries' texts: keys of the Shell catalogue (core/messages/en/Shell.json). */
export type MenuLabel =
  | "menuHome"
  | "menuAllProducts"
  | "menuPartner"
  | "menuSignIn"
  | "menuSignUp"
  | "menuAccount"
  | "menuCheckout"
  | "menuAbout"
  | "menuContact";

export type MenuEntry =
  | { label: MenuLabel; to: string; testId: string }
  | { label: MenuLabel; action: "login"; testId: string };

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
    { label: "menuHome", to: "/", testId: "menu-home" },
    { label: "menuAllProducts", to: "/shop/sidebar/list", testId: "menu-all-products" },
    { label: "menuPartner", to: "/pages/partner", testId: "menu-partner" },
    !signedIn && showSignin && { label: "menuSignIn", action: "login", testId: "menu-signin" },
    // The mobile menu shows Sign up only where sign-in is enabled too (spec section 2).
    !signedIn &&
      showSignup &&
      (where === "header" || showSignin) && { label: "menuSignUp", to: "/register", testId: "menu-signup" },
    signedIn && { label: "menuAccount", to: "/shop/dashboard", testId: "menu-account" },
    { label: "menuCheckout", to: "/shop/cart", testId: "menu-checkout" },
    { label: "menuAbout", to: "/pages/about", testId: "menu-about" },
    { label: "menuContact", to: "/pages/contact", testId: "menu-contact" },
  ];
  return entries.filter((e): e is MenuEntry => e !== false);
}

/** Listing pages keep their scroll position (spec section 2): links there prevent the reset. */
export function keepsScroll(path: string): boolean {
  return /\/shop\/sidebar|\/shop\/nosidebar|\/shop\/market|\/blog/.test(path);
}
