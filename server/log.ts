import pino from "pino";
import type { AppConfig } from "./config";

export function createLogger(config: Pick<AppConfig, "logLevel">) {
  return pino({
    level: config.logLevel,
    base: undefined,
    redact: {
      paths: ["*.password", "*.paymentAuth", "*.paymentSourceCode", "*.paymentAltAuth", "req.headers.cookie"],
      remove: true,
    },
  });
}
