// Content pages, contact and partner forms, the map, back-in-stock, cookie consent, the client
// error log and the footer's working hours, in Chromium on two stores (both projects: 1280 px
// and 375 px). Texts are the spec's, word for word.

import { expect, type Page, test } from "@playwright/test";
import { parseConsentCookie } from "../../core/consent";
import {
  asNewVisitor,
  marker,
  outOfStockProduct,
  STORE_IDS,
  serveTiles,
  setStockViaErp,
  storeApi,
  waitForMail,
} from "./content-helpers";
import { collectPageErrors, storePath, storeUrl } from "./helpers";
import { openDashboardAs } from "./roles";
import { ADULT_VISITOR } from "./storage-state";

const STORES = ["localhost", "cy.localhost"] as const;

async function breadcrumbsOf(page: Page, name: string) {
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  const host = new URL(page.url()).hostname;
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", storePath(host, "/"));
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(name);
}

/** The product page's 'Get notified when available' link (retried until the page has hydrated). */
async function openNotify(page: Page) {
  await expect(async () => {
    const modal = page.getByTestId("notify-modal");
    if (!(await modal.isVisible())) await page.getByTestId("notify-link").click({ timeout: 2000 });
    await expect(modal).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

interface ApiAbout {
  topImage: { src: string; alt: string } | null;
  title1: string;
  title2: string;
  title3: string;
  vision: string;
  mission: string;
  whoWeAre: string;
}

for (const host of STORES) {
  test.describe(`content pages on ${host}`, () => {
    test("about: top image, two titles, vision, mission, third title and who we are", {
      tag: host === "localhost" ? "@phone" : [],
    }, async ({ page }) => {
      const errors = collectPageErrors(page);
      const about = (await storeApi<ApiAbout>(host, "GET", "/api/v1/content/about")).body;
      await page.goto(storeUrl(host, "/pages/about"));
      await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
      await breadcrumbsOf(page, "About Us");
      const img = page.getByTestId("about-top-image");
      await expect(img).toHaveAttribute("src", about.topImage?.src ?? "");
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
      for (const text of [
        about.title1,
        about.title2,
        about.title3,
        about.vision,
        about.mission,
        about.whoWeAre,
      ]) {
        expect(text).not.toBe("");
        await expect(page.getByText(text, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole("heading", { name: "Our Vision" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Our Mission" })).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("terms, privacy and returns: every title and paragraph, as HTML", async ({ page }) => {
      const names = {
        terms: "Terms and Conditions",
        privacy: "Privacy Policy",
        returns: "Returns Policy",
      } as const;
      for (const [key, name] of Object.entries(names)) {
        const api = (
          await storeApi<{ sections: { title: string; html: string }[] }>(
            host,
            "GET",
            `/api/v1/content/pages/${key}`,
          )
        ).body;
        expect(api.sections.length).toBeGreaterThan(2);
        await page.goto(storeUrl(host, `/pages/${key}`));
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await breadcrumbsOf(page, name);
        for (const s of api.sections)
          await expect(page.getByRole("heading", { level: 2, name: s.title, exact: true })).toBeVisible();
        // The paragraphs are rendered as HTML (links and emphasis), not as escaped text.
        await expect(page.locator(".content-html p").first()).toBeVisible();
        for (const text of await page.locator(".content-html").allTextContents())
          expect(text).not.toContain("<p>");
        expect(await page.locator(".content-html script").count()).toBe(0);
      }
    });

    test("contact: contact info, the stores from the warehouses and the working hours", {
      tag: host === "localhost" ? "@phone" : [],
    }, async ({ page }) => {
      const contact = (
        await storeApi<{
          contactInfo: string;
          stores: {
            webDescription: string;
            phone: string;
            email: string;
            workingDays: string;
            weekend: string;
          }[];
          workingHours: { name: string; hours: string | null }[];
        }>(host, "GET", "/api/v1/content/contact")
      ).body;
      await page.goto(storeUrl(host, "/pages/contact"));
      await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      await breadcrumbsOf(page, "Contact Us");
      await expect(page.getByTestId("contact-info")).toHaveText(contact.contactInfo);
      const list = page.getByTestId("store-list").getByRole("listitem");
      await expect(list).toHaveCount(contact.stores.length);
      for (const [i, s] of contact.stores.entries()) {
        const card = list.nth(i);
        await expect(card.getByRole("heading", { name: s.webDescription })).toBeVisible();
        for (const v of [s.phone, s.email, s.workingDays, s.weekend]) await expect(card).toContainText(v);
      }
      const rows = page.getByTestId("working-hours").getByRole("row");
      await expect(rows).toHaveCount(7);
      await expect(rows.first()).toContainText("Monday");
      await expect(rows.first()).toContainText("09:00 - 19:00");
      await expect(rows.last()).toHaveText(/Sunday\s*Closed/);
      for (const [i, d] of contact.workingHours.entries())
        await expect(rows.nth(i)).toContainText(d.hours ?? "Closed");
      // The form: Name*, Email*, Phone, Subject, Message*.
      for (const label of ["Name*", "Email*", "Phone", "Subject", "Message*"]) {
        await expect(page.getByLabel(label, { exact: true })).toBeVisible();
      }
    });

    test("contact form: the spec's messages, fields cleared, mail to the shop", {
      tag: host === "localhost" ? "@phone" : [],
    }, async ({ page, context }) => {
      await asNewVisitor(context);
      await page.goto(storeUrl(host, "/pages/contact"));
      const form = page.locator("form", { has: page.getByLabel("Message*") });
      const send = form.getByRole("button", { name: "Send Message" });
      const msg = page.getByTestId("contact-message");

      await send.click();
      await expect(msg).toContainText("Required Fields Empty");
      await expect(msg).toContainText("Required fields (*) must not be left empty");

      await form.getByLabel("Name*").fill("Andreas Test");
      await form.getByLabel("Email*").fill("andreas.example.com");
      await form.getByLabel("Message*").fill("Hello");
      await send.click();
      await expect(msg).toContainText("Wrong Email Format");
      await expect(msg).toContainText("Email format be like john.smith@example.com");

      const subject = marker("contact");
      await form.getByLabel("Email*").fill("andreas@example.com");
      await form.getByLabel("Phone").fill("+357 99 123456");
      await form.getByLabel("Subject").fill(subject);
      await form.getByLabel("Message*").fill("Do you have the Aurora kit in black?\nThanks!");
      await send.click();
      await expect(msg).toContainText("Your email has been sent successfully");
      await expect(msg).toContainText("We will get back to you as soon as possible");
      for (const label of ["Name*", "Email*", "Phone", "Subject", "Message*"])
        await expect(form.getByLabel(label)).toHaveValue("");

      const mail = await waitForMail(STORE_IDS[host], "contact", subject);
      expect(mail.headers).toMatch(/^Reply-To: andreas@example.com$/m);
      expect(mail.headers).toMatch(
        host === "localhost" ? /^To: info@vapehaven.eu$/m : /^To: hello@cyprus-cloud.com.cy$/m,
      );
      expect(mail.body).toContain("Do you have the Aurora kit in black?");
      expect(mail.body).toContain("+357 99 123456");
    });

    test("partner: 'Become a Partner' form stored and mailed to the shop", async ({ page, context }) => {
      await asNewVisitor(context);
      await page.goto(storeUrl(host, "/pages/partner"));
      await expect(page.getByRole("heading", { level: 1, name: "Become a Partner" })).toBeVisible();
      await breadcrumbsOf(page, "Become a Partner");
      const msg = page.getByTestId("partner-message");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(msg).toContainText("Required Fields Empty");
      const subject = marker("partner");
      await page.getByLabel("Name*").fill("Kiosk Ltd");
      await page.getByLabel("Email*").fill("owner@kiosk.example.com");
      await page.getByLabel("Phone").fill("22 000000");
      await page.getByLabel("Subject").fill(subject);
      await page.getByLabel("Message*").fill("We run two kiosks in Limassol and want to stock your liquids.");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(msg).toContainText("Your email has been sent successfully");
      await expect(page.getByLabel("Name*")).toHaveValue("");
      const mail = await waitForMail(STORE_IDS[host], "partner", subject);
      expect(mail.headers).toMatch(/^Subject: .*New partner application/m);
      expect(mail.headers).toMatch(/^Reply-To: owner@kiosk.example.com$/m);
    });

    test("back in stock: 'Notify me when product is available', then one mail when stock returns", {
      tag: host === "localhost" ? "@phone" : [],
    }, async ({ page, context }) => {
      await asNewVisitor(context);
      const product = await outOfStockProduct(host);
      await page.goto(storeUrl(host, `/product/default/${product.id}`));
      const modal = page.getByTestId("notify-modal");
      await openNotify(page);
      await expect(modal.getByRole("heading", { name: "Notify me when product is available" })).toBeVisible();
      await expect(modal.getByTestId("notify-product")).toHaveText(product.name);
      const email = modal.getByLabel("Email");
      const submit = modal.getByRole("button", { name: "Notify me" });
      for (const wrong of ["", "   ", "maria.example.com"]) {
        await email.fill(wrong);
        await submit.click();
        await expect(modal.getByTestId("notify-message")).toContainText("Wrong email");
        await expect(modal.getByTestId("notify-message")).toContainText("Please enter a valid email");
      }
      const address = `${marker("notify")}@example.com`;
      await email.fill(address);
      await submit.click();
      await expect(modal.getByTestId("notify-message")).toContainText(`We will email ${address}`);
      await modal.getByRole("button", { name: "Close", exact: true }).click();
      await expect(modal).toHaveCount(0);

      // The shop's ERP counts new stock: the waiting shopper gets one mail.
      try {
        const res = await setStockViaErp(host, product.id, 4);
        expect(res.items[0].notified).toBeGreaterThanOrEqual(1);
        const mail = await waitForMail(STORE_IDS[host], "back-in-stock", address);
        expect(mail.headers).toContain(`${product.name} is available again`);
        expect(mail.body).toContain(`/product/default/${product.id}`);
      } finally {
        await setStockViaErp(host, product.id, 0);
        await product.restore();
      }
    });

    test("the notify modal is dismissed by a navigation and Escape", async ({ page }) => {
      const product = await outOfStockProduct(host);
      try {
        await page.goto(storeUrl(host, `/product/default/${product.id}`));
        await openNotify(page);
        await page.keyboard.press("Escape");
        await expect(page.getByTestId("notify-modal")).toHaveCount(0);
        await openNotify(page);
        // A client-side navigation (the header's home link, clicked by script under the modal).
        await page.evaluate(
          (home) => document.querySelector<HTMLAnchorElement>(`header a[href="${home}"]`)?.click(),
          storePath(host, "/"),
        );
        await expect(page).toHaveURL(storeUrl(host, "/"));
        await expect(page.getByTestId("notify-modal")).toHaveCount(0);
      } finally {
        await product.restore();
      }
    });

    test("footer shows the working hours per weekday", async ({ page }) => {
      await page.goto(storeUrl(host, "/pages/about"));
      const hours = page.getByTestId("footer-working-hours");
      await expect(hours).toContainText("Monday - Friday");
      await expect(hours).toContainText("09:00 - 19:00");
      await expect(hours).toContainText(/Sunday\s*Closed/);
    });
  });
}

test.describe("contact map", () => {
  test("localhost: Leaflet map at the store's coordinates with tiles from the setting", async ({
    page,
    context,
  }) => {
    const errors = collectPageErrors(page);
    const tiles = await serveTiles(context);
    await page.goto(storeUrl("localhost", "/pages/contact"));
    const map = page.getByTestId("contact-map");
    await expect(map).toHaveAttribute("data-state", "ready");
    await expect(map.locator(".leaflet-container")).toBeVisible();
    await expect(map.locator("path.leaflet-interactive")).toHaveCount(1);
    expect(tiles.requests.length).toBeGreaterThan(0);
    // Zoom 16 around 34.6752, 33.0442: tile x/y of that point at z16.
    expect(tiles.requests.some((u) => /\/16\/38783\/26030\.png$/.test(u))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("localhost: the address block when no tile can be loaded", async ({ page, context }) => {
    await serveTiles(context, "fail");
    await page.goto(storeUrl("localhost", "/pages/contact"));
    const fallback = page.getByTestId("contact-map-fallback");
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText("Agiou Andreou 145, 3036 Limassol, Cyprus");
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
  });

  test("cy.localhost (maps off): no map and no Leaflet", async ({ page, context }) => {
    const tiles = await serveTiles(context);
    const scripts: string[] = [];
    page.on("request", (r) => scripts.push(r.url()));
    await page.goto(storeUrl("cy.localhost", "/pages/contact"));
    await expect(page.getByRole("heading", { name: "Contact Us", level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { name: "Find Us" })).toHaveCount(0);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    expect(tiles.requests).toEqual([]);
    expect(scripts.filter((u) => /leaflet/i.test(u))).toEqual([]);
  });

  test("wholesale.localhost (maps on, no tiles configured): the address block", async ({ page }) => {
    await page.goto(storeUrl("wholesale.localhost", "/pages/contact"));
    await expect(page.getByTestId("contact-map-fallback")).toContainText("Ypsonas");
  });

  test("Leaflet is loaded on the contact page only", async ({ page, context }) => {
    await serveTiles(context);
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    for (const path of ["/", "/pages/about", "/pages/partner", "/pages/terms"]) {
      await page.goto(storeUrl("localhost", path));
      await page.waitForLoadState("networkidle");
    }
    expect(urls.filter((u) => /leaflet/i.test(u))).toEqual([]);
    await page.goto(storeUrl("localhost", "/pages/contact"));
    await expect(page.getByTestId("contact-map")).toHaveAttribute("data-state", "ready");
    expect(urls.filter((u) => /leaflet/i.test(u)).length).toBeGreaterThan(0);
  });
});

test.describe("contact form failures", () => {
  test("'Ooops something went wrong' when the shop cannot be reached", async ({ page, context }) => {
    await asNewVisitor(context);
    await page.goto(storeUrl("localhost", "/pages/contact"));
    // The form's post fails (the loaders' revalidation afterwards is let through).
    await page.route("**/pages/contact.data*", (r) =>
      r.request().method() === "POST" ? r.abort("failed") : r.continue(),
    );
    await page.getByLabel("Name*").fill("Maria");
    await page.getByLabel("Email*").fill("maria@example.com");
    await page.getByLabel("Message*").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    const msg = page.getByTestId("contact-message");
    await expect(msg).toContainText("Ooops something went wrong");
    await expect(msg).toContainText("Please try again later");
    // What was typed stays for another try.
    await expect(page.getByLabel("Message*")).toHaveValue("Hello");
  });

  test("'Ooops something went wrong' after too many messages from one visitor", async ({ page, context }) => {
    await asNewVisitor(context);
    await page.goto(storeUrl("cy.localhost", "/pages/contact"));
    const msg = page.getByTestId("contact-message");
    for (let i = 0; i < 6; i++) {
      await page.getByLabel("Name*").fill("Petros");
      await page.getByLabel("Email*").fill("petros@example.com");
      await page.getByLabel("Message*").fill(`Message ${i}`);
      const answered = page.waitForResponse(
        (r) => r.url().includes("/pages/contact.data") && r.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Send Message" }).click();
      await answered;
      await expect(msg).toContainText(
        i < 5 ? "Your email has been sent successfully" : "Ooops something went wrong",
      );
      if (i < 5) await expect(page.getByLabel("Name*")).toHaveValue("");
    }
    await expect(msg).toContainText("Please try again later");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers with the same messages", async ({ page, context }) => {
    await asNewVisitor(context);
    await page.goto(storeUrl("localhost", "/pages/contact"));
    await page.getByLabel("Name*").fill("No Script");
    await page.getByLabel("Email*").fill("noscript-at-example.com");
    await page.getByLabel("Message*").fill("Plain form post");
    await page.getByRole("button", { name: "Send Message" }).click();
    const msg = page.getByTestId("contact-message");
    await expect(msg).toContainText("Wrong Email Format");
    // Nothing typed is lost.
    await expect(page.getByLabel("Message*")).toHaveValue("Plain form post");
    const subject = marker("noscript");
    await page.getByLabel("Email*").fill("noscript@example.com");
    await page.getByLabel("Subject").fill(subject);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(msg).toContainText("Your email has been sent successfully");
    await expect(page.getByLabel("Name*")).toHaveValue("");
    await waitForMail("main", "contact", subject);
  });
});

test.describe("signed-in customer", () => {
  test("the notify modal is prefilled with the customer's email", async ({ page }) => {
    await openDashboardAs(page);
    const product = await outOfStockProduct("localhost");
    try {
      await page.goto(storeUrl("localhost", `/product/default/${product.id}`));
      await openNotify(page);
      await expect(page.getByTestId("notify-modal").getByLabel("Email")).toHaveValue("maria@example.com");
    } finally {
      await product.restore();
    }
  });
});

test.describe("cookie consent", () => {
  // Past the 18+ gate, but the banner not answered yet.
  test.use({
    storageState: {
      ...ADULT_VISITOR,
      cookies: ADULT_VISITOR.cookies.filter((c) => c.name !== "cookie_consent"),
    },
  });

  for (const [choice, button] of [
    ["granted", "Accept"],
    ["denied", "Decline"],
  ] as const) {
    test(`${button}: the banner goes and stays gone`, { tag: button === "Accept" ? "@phone" : [] }, async ({
      page,
      context,
    }) => {
      const external: string[] = [];
      page.on("request", (r) => {
        if (!/^http:\/\/(cy\.)?localhost[:/]/.test(r.url()) && !r.url().startsWith("data:"))
          external.push(r.url());
      });
      await page.goto(storeUrl("cy.localhost", "/pages/about"));
      const banner = page.getByTestId("consent-banner");
      await expect(banner).toBeVisible();
      await expect(banner).toContainText("With your consent we also measure visits");
      await expect(banner.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
        "href",
        storePath("cy.localhost", "/pages/privacy"),
      );
      await banner.getByRole("button", { name: button }).click();
      await expect(banner).toHaveCount(0);
      // Recorded by the server, which set the cookie: choice, banner version, consent id (core/consent.ts).
      // The banner goes at the press; the server's answer with the cookie may come a moment later.
      await expect
        .poll(async () => {
          const cookie = (await context.cookies(storeUrl("cy.localhost"))).find(
            (c) => c.name === "cookie_consent",
          );
          return parseConsentCookie(cookie?.value)?.choice;
        })
        .toBe(choice);
      // The server knows the answer: the banner is not even in the HTML any more.
      const html = await page.evaluate(async () => (await fetch("/pages/contact")).text());
      expect(html).not.toContain('data-testid="consent-banner"');
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
      await expect(banner).toHaveCount(0);
      // The demo stores have no GA4 id: nothing is loaded, whatever the answer.
      expect(external).toEqual([]);
    });
  }
});

test.describe("client error log", () => {
  test("an uncaught exception and a rejected promise are posted with the URL and storage, secrets stripped", async ({
    page,
  }) => {
    await page.goto(storeUrl("localhost", "/pages/terms"));
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => {
      localStorage.setItem("authToken", "e2e-secret-token-value-123");
      localStorage.setItem("notes", "leave at the door");
    });
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/v1/errors") && r.method() === "POST");
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/v1/errors"));
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e boom");
      }, 0);
    });
    const req = await posted;
    expect((await answered).status()).toBe(202);
    const body = req.postDataJSON() as {
      message: string;
      url: string;
      source: string;
      storage: Record<string, string>;
    };
    expect(body.message).toContain("e2e boom");
    expect(body.source).toBe("error");
    expect(body.url).toBe(storeUrl("localhost", "/pages/terms"));
    expect(body.storage.notes).toBe("leave at the door");
    expect(body.storage.authToken).toBe("[redacted]");
    expect(req.postData()).not.toContain("e2e-secret-token-value-123");

    const second = page.waitForRequest((r) => r.url().endsWith("/api/v1/errors") && r.method() === "POST");
    await page.evaluate(() => {
      void Promise.reject(new Error("e2e rejection"));
    });
    const r2 = (await second).postDataJSON() as { message: string; source: string };
    expect(r2).toMatchObject({ source: "unhandledrejection" });
    expect(r2.message).toContain("e2e rejection");
  });
});

test("the breadcrumb's Home goes home", async ({ page }) => {
  await page.goto(storeUrl("cy.localhost", "/pages/privacy"));
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(storeUrl("cy.localhost", "/"));
});
