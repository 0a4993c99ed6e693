// The visitor's device (core/device.ts, server/http/visitor.ts; issue 27 item 2): the type from
// bowser's reading of the user agent and the client hints, iOS mobile, the orientation.
import { describe, expect, it } from "vitest";
import {
  clientHintBoolean,
  clientHintString,
  deviceBodyAttributes,
  deviceInBrowser,
  deviceTypeOf,
  isIos,
  type PageDevice,
} from "../../core/device";
import { pageDevice, requestDevice } from "../../server/http/visitor";

const UA = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iPhoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  iPad: "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  pixel:
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  galaxyTab:
    "Mozilla/5.0 (Linux; Android 8.1.0; SM-T837A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  // Chrome's reduced user agent on an Android phone: the model is gone, the Mobile token stays.
  androidReduced:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

const read = (h: Record<string, string>) => requestDevice((name) => h[name.toLowerCase()]);

describe("requestDevice", () => {
  it("tells phones, tablets and desktops apart, iOS mobile among them", () => {
    const cases: [keyof typeof UA, PageDevice["type"], string, boolean][] = [
      ["iPhone", "mobile", "iOS", true],
      ["iPhoneChrome", "mobile", "iOS", true],
      ["iPad", "tablet", "iOS", true],
      ["mac", "desktop", "macOS", false],
      ["pixel", "mobile", "Android", false],
      ["galaxyTab", "tablet", "Android", false],
      ["androidReduced", "mobile", "Android", false],
      ["windows", "desktop", "Windows", false],
      ["googlebot", "unknown", "", false],
    ];
    for (const [name, type, os, ios] of cases) {
      const d = pageDevice(read({ "user-agent": UA[name] }));
      expect({ name, type: d.type, os: d.os, ios: d.ios }).toEqual({ name, type, os, ios });
    }
  });
  it("fills the spec's device info", () => {
    expect(read({ "user-agent": UA.iPhone })).toEqual({
      userAgent: UA.iPhone,
      os: "iOS",
      osVersion: "17.5",
      browser: "Safari",
      browserVersion: "17.5",
      device: "Apple iPhone",
      deviceType: "mobile",
      orientation: "portrait",
    });
    expect(read({ "user-agent": UA.windows }).orientation).toBe("landscape");
  });
  it("believes Sec-CH-UA-Mobile and Sec-CH-UA-Platform where the user agent says less", () => {
    expect(read({ "user-agent": "ExampleBrowser/1.0", "sec-ch-ua-mobile": "?1" }).deviceType).toBe("mobile");
    // An emulator may send ?1 with an iPad's user agent: the user agent is the more specific.
    expect(read({ "user-agent": UA.iPad, "sec-ch-ua-mobile": "?1" }).deviceType).toBe("tablet");
    const hinted = read({ "sec-ch-ua-mobile": "?0", "sec-ch-ua-platform": '"Windows"' });
    expect([hinted.deviceType, hinted.os]).toEqual(["desktop", "Windows"]);
    // A user agent the parser knows keeps its word over a missing or unknown platform hint.
    expect(read({ "user-agent": UA.pixel, "sec-ch-ua-platform": '"Unknown"' }).os).toBe("Android");
  });
  it("copes with no user agent and a huge one", () => {
    expect(read({})).toMatchObject({ userAgent: "", deviceType: "unknown", os: "" });
    const huge = read({ "user-agent": `${UA.iPhone} ${"x".repeat(100_000)}` });
    expect(huge.userAgent.length).toBe(512);
    expect(huge.deviceType).toBe("mobile");
  });
});

describe("device rules", () => {
  it("reads structured-header hints", () => {
    expect([
      clientHintBoolean("?1"),
      clientHintBoolean("?0"),
      clientHintBoolean("1"),
      clientHintBoolean(undefined),
    ]).toEqual([true, false, null, null]);
    expect([clientHintString('"Android"'), clientHintString("Android"), clientHintString(null)]).toEqual([
      "Android",
      "",
      "",
    ]);
  });
  it("keeps the parser's word and lets the mobile hint decide what it cannot place", () => {
    expect(deviceTypeOf("tablet", true)).toBe("tablet");
    expect(deviceTypeOf("mobile", false)).toBe("mobile");
    expect(deviceTypeOf(undefined, true)).toBe("mobile");
    expect(deviceTypeOf("bot", false)).toBe("desktop");
    expect(deviceTypeOf("bot", null)).toBe("unknown");
    expect(deviceTypeOf(undefined, null)).toBe("unknown");
  });
  it("calls only iPhones and iPads iOS mobile", () => {
    expect(isIos("iOS", "mobile")).toBe(true);
    expect(isIos("iOS", "tablet")).toBe(true);
    expect(isIos("macOS", "desktop")).toBe(false);
    expect(isIos("Android", "mobile")).toBe(false);
  });
  it("takes the browser's orientation and finds an iPad that reads as a Mac", () => {
    const phone: PageDevice = { type: "mobile", os: "iOS", ios: true, orientation: "portrait" };
    expect(deviceInBrowser(phone, { portrait: false, maxTouchPoints: 5 })).toEqual({
      ...phone,
      orientation: "landscape",
    });
    const mac: PageDevice = { type: "desktop", os: "macOS", ios: false, orientation: "landscape" };
    expect(deviceInBrowser(mac, { portrait: false, maxTouchPoints: 0 })).toEqual(mac);
    expect(deviceInBrowser(mac, { portrait: true, maxTouchPoints: 5 })).toEqual({
      type: "tablet",
      os: "iOS",
      ios: true,
      orientation: "portrait",
    });
  });
  it("puts the server's iOS class and the live type and orientation on the body", () => {
    const server: PageDevice = { type: "mobile", os: "iOS", ios: true, orientation: "portrait" };
    expect(deviceBodyAttributes(server, { ...server, orientation: "landscape" })).toEqual({
      className: "ios",
      "data-device": "mobile",
      "data-orientation": "landscape",
    });
    const desktop: PageDevice = { type: "desktop", os: "Windows", ios: false, orientation: "landscape" };
    expect(deviceBodyAttributes(desktop, desktop).className).toBeUndefined();
  });
});
