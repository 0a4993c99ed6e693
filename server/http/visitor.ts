// What the request says about the visitor: the device (bowser reads the user agent, the client
// hints refine it; core/device.ts) and the country to preselect (the proxy's country header, the
// browser's languages; core/visitor-country.ts). Read here, in the server layer, and handed to
// the pages through the request env and to the checkout quote. bowser stays on the server: the
// browser only keeps the orientation current (app/features/device).
import Bowser from "bowser";
import type { Context } from "hono";
import {
  clientHintBoolean,
  clientHintString,
  type DeviceInfo,
  deviceTypeOf,
  isIos,
  likelyOrientation,
  type PageDevice,
} from "../../core/device";
import { visitorCountry } from "../../core/visitor-country";
import type { AppEnv } from "./env";

type Header = (name: string) => string | undefined;

/** Longer user agents are cut before they are parsed (real ones are a few hundred characters). */
const MAX_USER_AGENT = 512;

/** The spec's device info for this request. */
export function requestDevice(header: Header): DeviceInfo {
  const userAgent = (header("user-agent") ?? "").slice(0, MAX_USER_AGENT);
  const mobileHint = clientHintBoolean(header("sec-ch-ua-mobile"));
  const platformHint = clientHintString(header("sec-ch-ua-platform"));
  const parsed = userAgent.trim() ? Bowser.parse(userAgent) : null;
  const deviceType = deviceTypeOf(parsed?.platform.type, mobileHint);
  return {
    userAgent,
    // The platform hint where the user agent names none (its names are bowser's: "Android", "macOS").
    os: parsed?.os.name || (platformHint === "Unknown" ? "" : platformHint),
    osVersion: parsed?.os.version ?? "",
    browser: parsed?.browser.name ?? "",
    browserVersion: parsed?.browser.version ?? "",
    device: [parsed?.platform.vendor, parsed?.platform.model].filter(Boolean).join(" "),
    deviceType,
    orientation: likelyOrientation(deviceType),
  };
}

/** What the page is rendered with (the body's class and attributes, useDevice). */
export function pageDevice(d: DeviceInfo): PageDevice {
  return { type: d.deviceType, os: d.os, ios: isIos(d.os, d.deviceType), orientation: d.orientation };
}

/**
 * The country to preselect for this visitor: always one of `countries`, "" when it is empty;
 * `homeCountry` is the store's (its `home_country` setting).
 */
export function requestCountry(
  header: Header,
  countryHeader: string,
  countries: readonly { code: string }[],
  homeCountry = "",
): string {
  return visitorCountry(
    countries.map((c) => c.code),
    { proxyCountry: header(countryHeader), acceptLanguage: header("accept-language"), homeCountry },
  );
}

/** The country to preselect for this request's visitor, in its store's list (createApp names the header). */
export function visitorCountryOf(c: Context<AppEnv>): string {
  return requestCountry(
    (name) => c.req.header(name),
    c.var.visitorCountryHeader,
    c.var.store.config.countries,
    c.var.store.settings.homeCountry,
  );
}

/** The request's device and country, for the pages (the request env). */
export function visitorOf(c: Context<AppEnv>): { device: PageDevice; country: string } {
  return { device: pageDevice(requestDevice((name) => c.req.header(name))), country: visitorCountryOf(c) };
}
