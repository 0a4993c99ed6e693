// The visitor's device in the browser: what the server read from the user agent and the client
// hints (root data), with the orientation kept current as the phone or tablet turns (the
// viewport's orientation media query), and an iPad asking for the desktop site recognised.
// bowser never comes to the browser: this is all the device code the first load carries.
import { useEffect, useState } from "react";
import { deviceInBrowser, type PageDevice } from "../../../core/device";
import { useRootData } from "../../root-data";

/** Before the root loader ran (an error page): nothing known. */
const UNKNOWN: PageDevice = { type: "unknown", os: "", ios: false, orientation: "landscape" };

const same = (a: PageDevice, b: PageDevice) =>
  a.type === b.type && a.os === b.os && a.ios === b.ios && a.orientation === b.orientation;

/** The server's reading of the device (what the page was rendered with). */
export function useServerDevice(): PageDevice {
  return useRootData()?.visitor.device ?? UNKNOWN;
}

/**
 * The device: the server's reading while the page hydrates (so the markup matches), the
 * browser's from then on.
 */
export function useDevice(): PageDevice {
  const server = useServerDevice();
  const [device, setDevice] = useState(server);
  useEffect(() => {
    const portrait = window.matchMedia("(orientation: portrait)");
    const update = () => {
      const next = deviceInBrowser(server, {
        portrait: portrait.matches,
        maxTouchPoints: navigator.maxTouchPoints ?? 0,
      });
      setDevice((prev) => (same(prev, next) ? prev : next));
    };
    update();
    portrait.addEventListener("change", update);
    return () => portrait.removeEventListener("change", update);
  }, [server]);
  return device;
}
