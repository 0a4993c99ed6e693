// What the ad cube and its lazy loader share: the advertised product, and whether the shopper
// closed the cube in this browser session (kept apart so the lazily loaded cube and its loader
// do not import each other).

export interface AdProduct {
  id: number;
  name: string;
  picture: { url: string } | null;
}

/** sessionStorage key: the shopper closed the cube in this browser session. */
export const AD_CUBE_DISMISSED_KEY = "adCubeDismissed";

export function adCubeDismissed(): boolean {
  try {
    return sessionStorage.getItem(AD_CUBE_DISMISSED_KEY) === "true";
  } catch {
    // Storage blocked: the cube simply shows on each visit of home.
    return false;
  }
}

export function dismissAdCube(): void {
  try {
    sessionStorage.setItem(AD_CUBE_DISMISSED_KEY, "true");
  } catch {
    // Storage blocked: closed for this page only.
  }
}
