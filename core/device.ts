// The visitor's device (spec sections 3 and 4, issue 27 item 2): what kind it is, whether it runs
// iOS (the page body then carries the `ios` class) and which way it is held. The server reads the
// user agent with a well-kept parser (server/http/visitor.ts) and the client hints; these rules
// combine what it found, and the browser keeps the orientation current (app/features/device).

export type DeviceType = "mobile" | "tablet" | "desktop" | "unknown";
export type Orientation = "portrait" | "landscape";

/** The spec's device info (section 3). */
export interface DeviceInfo {
  userAgent: string;
  os: string;
  osVersion: string;
  browser: string;
  browserVersion: string;
  /** Vendor and model where the user agent names them ("Apple iPhone"), else "". */
  device: string;
  deviceType: DeviceType;
  orientation: Orientation;
}

/** What the page needs of it: rendered on the body, read by components through useDevice. */
export interface PageDevice {
  type: DeviceType;
  /** The operating system's name as the parser gives it ("iOS", "Android", "macOS"), or "". */
  os: string;
  /** iOS or iPadOS on a phone or tablet: the body's `ios` class. */
  ios: boolean;
  orientation: Orientation;
}

/**
 * The device type from the parser's platform type, else the `Sec-CH-UA-Mobile` hint. A user agent
 * the parser places (an iPhone, an iPad, an Android tablet) keeps its word: an emulator's hint
 * can say "mobile" for an iPad, and Safari and Firefox send no hints at all. The hint decides
 * what the parser cannot place; what neither can (a crawler, a TV) is `unknown`.
 */
export function deviceTypeOf(platformType: string | undefined, chMobile: boolean | null): DeviceType {
  if (platformType === "mobile" || platformType === "tablet" || platformType === "desktop")
    return platformType;
  if (chMobile === null) return "unknown";
  return chMobile ? "mobile" : "desktop";
}

/** `?1` true, `?0` false, anything else (absent included) null: a structured-header boolean. */
export function clientHintBoolean(value: string | null | undefined): boolean | null {
  const v = value?.trim();
  return v === "?1" ? true : v === "?0" ? false : null;
}

/** A structured-header string such as `"Android"`, unquoted; "" when absent or malformed. */
export function clientHintString(value: string | null | undefined): string {
  const m = /^\s*"([^"\\]{0,64})"\s*$/.exec(value ?? "");
  return m ? m[1] : "";
}

const IOS_NAMES = new Set(["ios", "ipados"]);

/** iOS mobile, as the spec says: an iPhone, iPod or iPad, not a Mac. */
export function isIos(os: string, type: DeviceType): boolean {
  return IOS_NAMES.has(os.toLowerCase()) && (type === "mobile" || type === "tablet");
}

/**
 * The orientation before the browser has said: the server cannot see the screen, so a phone or
 * a tablet is taken to be upright and anything else wide. The browser corrects it at once.
 */
export function likelyOrientation(type: DeviceType): Orientation {
  return type === "mobile" || type === "tablet" ? "portrait" : "landscape";
}

/**
 * The page's device once the browser is running: the orientation it reports, and an iPad that
 * asked for the desktop site (iPadOS 13 and later by default), whose user agent reads as a Mac:
 * a Mac with a multi-touch screen is such an iPad.
 */
export function deviceInBrowser(
  server: PageDevice,
  browser: { portrait: boolean; maxTouchPoints: number },
): PageDevice {
  const ipadAsMac =
    server.type === "desktop" && server.os.toLowerCase() === "macos" && browser.maxTouchPoints > 1;
  return {
    type: ipadAsMac ? "tablet" : server.type,
    os: ipadAsMac ? "iOS" : server.os,
    ios: server.ios || ipadAsMac,
    orientation: browser.portrait ? "portrait" : "landscape",
  };
}

/**
 * The body's class and data attributes (app/root.tsx). The class is the server's reading only: it
 * must never change under React once the page runs, or the classes that scripts add to the body
 * (`loaded`, `mmenu-active`) would be wiped; an iPad found in the browser gets it added instead.
 */
export function deviceBodyAttributes(server: PageDevice, live: PageDevice) {
  return {
    className: server.ios ? "ios" : undefined,
    "data-device": live.type,
    "data-orientation": live.orientation,
  } as const;
}
