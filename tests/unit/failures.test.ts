// One table of failure codes to HTTP statuses (core/failures.ts), services that throw codes
// without statuses (services/failure.ts), and the one API answer built from both
// (server/api/failure.ts). docs/decisions/0025-service-errors.md.
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { FAILURE_STATUS, type FailureCode, failureStatus } from "../../core/failures";
import { failureResponse } from "../../server/api/failure";
import type { AppEnv } from "../../server/http/env";
import { ServiceError } from "../../services/failure";

function answer(thrown: unknown, log = { error: vi.fn() }) {
  const app = new Hono<AppEnv>();
  app.get("/", (c) => {
    c.set("log", log as unknown as AppEnv["Variables"]["log"]);
    return failureResponse(c, thrown);
  });
  app.onError((err, c) => c.text(`rethrown: ${err.message}`, 500));
  return app.request("/");
}

describe("failure codes", () => {
  it("gives every code an error status", () => {
    const codes = Object.keys(FAILURE_STATUS) as FailureCode[];
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      const status = failureStatus(code);
      expect(status >= 400 && status <= 599, `${code} -> ${status}`).toBe(true);
    }
  });

  it("keeps the statuses the API has always answered", () => {
    expect(FAILURE_STATUS).toMatchObject({
      invalid: 400,
      unknown_product: 400,
      invalid_credentials: 401,
      not_found: 404,
      token_expired: 410,
      duplicate: 409,
      price_changed: 409,
      out_of_stock: 409,
      points_unavailable: 409,
      invalid_state: 409,
      rate_limited: 429,
      payment_unavailable: 502,
      unavailable: 503,
    });
  });

  it("admits no code outside the table", () => {
    // @ts-expect-error 'teapot' is not a failure code: a new code needs its row in FAILURE_STATUS first
    const unknown = new ServiceError("teapot", "I'm a teapot");
    // The type is the guard: at run time nothing would stop it, and it would have no status.
    expect(FAILURE_STATUS[unknown.code]).toBeUndefined();
  });

  it("never carries an HTTP status in the service's error", () => {
    const err = new ServiceError("price_changed", "Prices changed", { details: { totalCents: 100 } });
    expect(err).not.toHaveProperty("status");
    expect(err).toMatchObject({
      code: "price_changed",
      message: "Prices changed",
      details: { totalCents: 100 },
    });
  });
});

describe("failureResponse", () => {
  it("answers with the table's status, the body and Retry-After for a rate limit", async () => {
    const res = await answer(
      new ServiceError("rate_limited", "Too many attempts. Please try again in 2 minutes.", {
        title: "Too many attempts. Please try again later.",
        retryAfterSeconds: 90,
      }),
    );
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("90");
    expect(await res.json()).toEqual({
      error: "rate_limited",
      title: "Too many attempts. Please try again later.",
      message: "Too many attempts. Please try again in 2 minutes.",
    });
  });

  it("logs the cause and keeps it out of the body", async () => {
    const log = { error: vi.fn() };
    const cause = new Error("provider said 500");
    const res = await answer(
      new ServiceError("payment_unavailable", "Something bad happened", { cause }),
      log,
    );
    expect(res.status).toBe(502);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.json()).toEqual({ error: "payment_unavailable", message: "Something bad happened" });
    expect(log.error).toHaveBeenCalledWith(
      { err: cause, code: "payment_unavailable" },
      "Something bad happened",
    );
  });

  it("lets anything that is not a ServiceError go on up", async () => {
    const res = await answer(new Error("database down"));
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("rethrown: database down");
  });
});
