// The reviews providers on both drivers: Google Places against a fake Places server on
// loopback (cached for a day in remote_cache, falling back to the cache and then to the stored
// reviews when Google fails), and the stored reviews of stores without a key.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { remoteCache, reviews } from "../../db/store/schema";
import type { StoreContext } from "../../services/context";
import { googlePlacesReviews, REVIEWS_CACHE_MS, reviewsProviderFor } from "../../services/review-providers";
import { listReviews } from "../../services/reviews";
import { createPlatform, type Platform } from "../fixtures/platform";
import { driversFor } from "../helpers/databases";

interface FakePlaces {
  url: string;
  calls: { path: string; key: string | undefined; mask: string | undefined }[];
  state: { status: number; authors: string[] };
  close(): Promise<void>;
}

async function startFakePlaces(): Promise<FakePlaces> {
  const calls: FakePlaces["calls"] = [];
  const state = { status: 200, authors: ["Ada", "Ben"] };
  const server: Server = createServer((req, res) => {
    calls.push({
      path: req.url ?? "",
      key: req.headers["x-goog-api-key"] as string | undefined,
      mask: req.headers["x-goog-fieldmask"] as string | undefined,
    });
    if (state.status !== 200) {
      res.writeHead(state.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: state.status, message: "API key not valid" } }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        reviews: state.authors.map((name, i) => ({
          name: `places/x/reviews/${i}`,
          rating: 5 - i,
          text: { text: `Review by ${name}`, languageCode: "en" },
          authorAttribution: {
            displayName: name,
            uri: "https://maps.google.com",
            photoUri: `https://lh3.example/${name}.png`,
          },
          publishTime: `2025-01-0${i + 1}T10:00:00Z`,
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(driversFor("either"))("reviews providers on %s", (driver) => {
  let platform: Platform;
  let store: StoreContext;
  let places: FakePlaces;
  let clock = Date.parse("2026-02-01T08:00:00Z");

  beforeAll(async () => {
    platform = await createPlatform(driver, { seed: "minimal" });
    const s = await platform.registry.byId("alpha");
    if (!s) throw new Error("no store");
    store = s;
    await store.db.insert(reviews).values([
      { authorName: "Stored Sam", rating: 4, text: "Nice shop", time: new Date("2024-05-01T00:00:00Z") },
      { authorName: "Stored Tia", rating: 5, text: "Great coils", time: new Date("2024-06-01T00:00:00Z") },
    ]);
    places = await startFakePlaces();
  });
  afterAll(async () => {
    await places?.close();
    await platform?.dispose();
  });
  beforeEach(async () => {
    await store.db.delete(remoteCache);
    places.calls.length = 0;
    places.state.status = 200;
    places.state.authors = ["Ada", "Ben"];
  });

  const google = () =>
    googlePlacesReviews(store, {
      apiKey: "test-key",
      placeId: "place-123",
      baseUrl: places.url,
      now: () => clock,
    });

  it("shows the stored reviews, newest first, when the store has no Google key", async () => {
    expect(reviewsProviderFor(store).name).toBe("stored");
    const list = await listReviews(store);
    expect(list.map((r) => r.authorName)).toEqual(["Stored Tia", "Stored Sam"]);
    expect(places.calls).toHaveLength(0);
  });

  it("fetches Google reviews with the key and place id, and caches them for a day", async () => {
    const first = await google().list(10);
    expect(first).toEqual([
      {
        id: 1,
        authorName: "Ada",
        profilePhotoUrl: "https://lh3.example/Ada.png",
        rating: 5,
        text: "Review by Ada",
        time: "2025-01-01T10:00:00Z",
        source: "google",
      },
      {
        id: 2,
        authorName: "Ben",
        profilePhotoUrl: "https://lh3.example/Ben.png",
        rating: 4,
        text: "Review by Ben",
        time: "2025-01-02T10:00:00Z",
        source: "google",
      },
    ]);
    expect(places.calls).toEqual([
      { path: "/v1/places/place-123?languageCode=en", key: "test-key", mask: "reviews" },
    ]);
    const [row] = await store.db.select().from(remoteCache);
    expect(row.key).toBe("google-reviews:place-123");

    // Within the day: from the cache, Google is not asked again.
    places.state.authors = ["Cleo"];
    clock += REVIEWS_CACHE_MS - 60_000;
    expect((await google().list(10)).map((r) => r.authorName)).toEqual(["Ada", "Ben"]);
    expect(places.calls).toHaveLength(1);

    // After a day: refreshed.
    clock += 120_000;
    expect((await google().list(10)).map((r) => r.authorName)).toEqual(["Cleo"]);
    expect(places.calls).toHaveLength(2);
  });

  it("falls back to the last cached answer when Google fails, however old", async () => {
    await google().list(10);
    places.state.status = 403;
    clock += 3 * REVIEWS_CACHE_MS;
    expect((await google().list(10)).map((r) => r.authorName)).toEqual(["Ada", "Ben"]);
    expect(places.calls).toHaveLength(2);
  });

  it("falls back to the stored reviews when Google fails and nothing is cached", async () => {
    places.state.status = 500;
    const fallback = await google().list(10);
    expect(fallback.map((r) => r.authorName)).toEqual(["Stored Tia", "Stored Sam"]);
    // The home page says these are the shop's own, not Google's (docs/decisions/0053).
    expect(fallback.map((r) => r.source)).toEqual(["stored", "stored"]);
    const unreachable = googlePlacesReviews(store, {
      apiKey: "k",
      placeId: "p",
      baseUrl: "http://127.0.0.1:1",
      now: () => clock,
    });
    expect((await unreachable.list(1)).map((r) => r.authorName)).toEqual(["Stored Tia"]);
  });

  it("asks Google once when many pages want the reviews at the same moment", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => google().list(1)));
    expect(results.every((r) => r[0]?.authorName === "Ada")).toBe(true);
    expect(places.calls).toHaveLength(1);
  });

  it("uses the Google provider when the store has a key and a place id", async () => {
    const withKey: StoreContext = {
      ...store,
      secrets: { ...store.secrets, googlePlacesKey: "secret" },
      config: { ...store.config, googlePlaceId: "place-123" },
    };
    expect(reviewsProviderFor(withKey).name).toBe("google");
    const list = await reviewsProviderFor(withKey, { baseUrl: places.url }).list(10);
    expect(list.map((r) => r.authorName)).toEqual(["Ada", "Ben"]);
    expect(places.calls[0].key).toBe("secret");
  });
});
