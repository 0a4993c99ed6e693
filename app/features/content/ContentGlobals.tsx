// Everything this feature mounts once in the root layout: the back-in-stock modal host, the
// cookie-consent banner, analytics and the client error reporter.
import { Analytics } from "../consent/Analytics";
import { ConsentBanner } from "../consent/ConsentBanner";
import { ErrorReporter } from "../errors/ErrorReporter";
import { NotifyModalHost } from "../notify/NotifyModalHost";

export function ContentGlobals() {
  return (
    <>
      <NotifyModalHost />
      <ConsentBanner />
      <Analytics />
      <ErrorReporter />
    </>
  );
}
