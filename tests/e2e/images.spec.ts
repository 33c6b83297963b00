import { expect, quiet, test, type Locator, type Page } from "./support/test";
import { shopOrigin } from "./support/shop";

type ApiProduct = { id: string; name: string; category: string; images: string[] };
type Connection = { effectiveType: string; downlink: number; rtt: number; saveData: boolean };

const CONNECTIONS = {
  "2g": { effectiveType: "2g", downlink: 0.4, rtt: 1400, saveData: false },
  "3g": { effectiveType: "3g", downlink: 1.2, rtt: 600, saveData: false },
  "4g": { effectiveType: "4g", downlink: 10, rtt: 50, saveData: false },
} satisfies Record<string, Connection>;

declare global {
  interface Window {
    /** Set by the test: changes what navigator.connection reports and fires its change event. */
    setConnection?: (change: Partial<Connection>) => void;
  }
}

/**
 * Makes the page see `connection`: navigator.connection reports it (changeable through
 * window.setConnection) and, when `throttle` is set, Chrome's network really is that slow
 * (DevTools Protocol network conditions), so the order of the downloads shows.
 */
async function emulateConnection(
  page: Page,
  connection: Connection,
  throttle?: { latencyMs: number; kilobytesPerSecond: number },
) {
  await page.addInitScript((initial) => {
    const info = Object.assign(new EventTarget(), initial);
    Object.defineProperty(Navigator.prototype, "connection", {
      configurable: true,
      get: () => info,
    });
    window.setConnection = (change) => {
      Object.assign(info, change);
      info.dispatchEvent(new Event("change"));
    };
  }, connection);
  if (throttle) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: throttle.kilobytesPerSecond * 1024,
      uploadThroughput: throttle.kilobytesPerSecond * 1024,
    });
  }
}

/** Every image request the page makes, in order, with when it started and finished. */
function recordImageRequests(page: Page) {
  const requests: { url: string; started: number; finished?: number }[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/images/"))
      requests.push({ url: request.url(), started: Date.now() });
  });
  page.on("requestfinished", (request) => {
    const entry = requests.find((r) => r.url === request.url() && r.finished === undefined);
    if (entry) entry.finished = Date.now();
  });
  return {
    /** The renditions asked for of one image, placeholder left out. */
    of: (imageId: string) =>
      requests.filter((r) => r.url.includes(imageId) && !r.url.includes("blur=1")),
  };
}

/** The image id a product image box shows, read from its placeholder. */
async function imageIdIn(box: Locator) {
  const placeholder = await box.locator('img[aria-hidden="true"]').first().getAttribute("src");
  return /\/images\/([0-9a-f-]{36})\./.exec(placeholder ?? "")![1]!;
}

/** The product photos a box shows (placeholder left out), with what the browser drew. */
const shownImages = (box: Locator) =>
  box.locator('img:not([src*="blur=1"])').evaluateAll((images) =>
    (images as HTMLImageElement[]).map((img) => ({
      src: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
      opacity: getComputedStyle(img).opacity,
    })),
  );

async function productWithRelated(request: import("@playwright/test").APIRequestContext) {
  const products = (await (await request.get("/api/products")).json()) as ApiProduct[];
  const product = products.find(
    (p) => products.filter((o) => o.category === p.category && o.images.length > 0).length > 2,
  );
  return product!;
}

const relatedCards = (page: Page) =>
  page.getByRole("list", { name: "Customers who viewed this item also viewed" }).getByRole("link");

/** The screen Lighthouse's desktop preset measures layout shift on. */
const LIGHTHOUSE_DESKTOP = { width: 1350, height: 940 };

test.describe("adaptive product images", () => {
  test("images below the fold are not requested until they come within 50px", async ({ page }) => {
    const requests = recordImageRequests(page);
    await page.goto("/");
    const cards = page.getByRole("list", { name: /products$/ }).getByRole("link");
    await expect(cards.first()).toBeVisible();
    const last = cards.last();
    const imageId = await imageIdIn(last);
    await quiet(page);
    expect(requests.of(imageId)).toEqual([]);

    const scrollTopOfCardTo = (pxBelowViewport: number) =>
      last.evaluate((card, below) => {
        const top = card.getBoundingClientRect().top + window.scrollY;
        window.scrollTo({ top: top - window.innerHeight - below, behavior: "instant" });
      }, pxBelowViewport);

    await scrollTopOfCardTo(200);
    await page.waitForTimeout(500);
    expect(requests.of(imageId)).toEqual([]);

    await scrollTopOfCardTo(-10);
    await expect.poll(() => requests.of(imageId).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await shownImages(last)).some((i) => i.loaded && i.opacity === "1"))
      .toBe(true);
  });

  test("the first product image is in the page, preloaded at high priority, and nothing shifts", async ({
    browser,
    page,
    request,
  }) => {
    const product = await productWithRelated(request);
    // The cached page, on Lighthouse's desktop screen: React paints the page's loading state a
    // moment before revealing it, and the footer must not move when it does.
    await request.get(`/product/${product.id}`);
    await page.setViewportSize(LIGHTHOUSE_DESKTOP);
    await page.goto(`/product/${product.id}`);
    const preload = page.locator('link[rel="preload"][as="image"]').first();
    await expect(preload).toHaveAttribute("imagesrcset", /\.webp\?w=640&q=60 640w/);
    await expect(preload).toHaveAttribute("fetchpriority", "high");
    const gallery = page.getByRole("button", { name: "Zoom in" });
    await expect.poll(async () => (await shownImages(gallery)).some((i) => i.loaded)).toBe(true);
    const layoutShift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
              total += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(layoutShift).toBeLessThanOrEqual(0.02);

    // That first paint, held still (no script reveals the page): the footer is already out of view.
    const still = await browser.newContext({
      baseURL: shopOrigin,
      javaScriptEnabled: false,
      viewport: LIGHTHOUSE_DESKTOP,
    });
    const firstPaint = await still.newPage();
    await firstPaint.goto(`/product/${product.id}`);
    const footer = await firstPaint.locator("footer").boundingBox();
    expect(footer!.y).toBeGreaterThanOrEqual(LIGHTHOUSE_DESKTOP.height);
    await still.close();
  });

  test("a picture that cannot load shows 'Image failed to load' in its place, same size", async ({
    page,
    request,
  }) => {
    const product = await productWithRelated(request);
    const imageId = /([0-9a-f-]{36})/.exec(product.images[0]!)![1]!;
    await page.route(
      new RegExp(`/images/${imageId}\\.(jpg|webp)\\?w=\\d+&q=(50|60|75|85)$`),
      (route) => route.fulfill({ status: 503, body: "" }),
    );
    await page.goto(`/product/${product.id}`);
    const gallery = page.getByRole("button", { name: "Zoom in" });
    const failure = gallery.getByText("Image failed to load");
    await expect(failure).toBeVisible();
    const failureBox = await failure.locator("..").boundingBox();
    const galleryBox = await gallery.boundingBox();
    expect(failureBox).toEqual(galleryBox);
    // The other pictures of the page are unaffected.
    await expect(page.getByText("Image failed to load")).toHaveCount(2); // the gallery and its thumbnail
  });

  test("on a slow connection a low-quality picture comes first, then the better one replaces it without a flash @phone", async ({
    page,
    request,
  }) => {
    await emulateConnection(page, CONNECTIONS["2g"], { latencyMs: 300, kilobytesPerSecond: 150 });
    const requests = recordImageRequests(page);
    const product = await productWithRelated(request);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();

    const card = relatedCards(page).first();
    await expect(card).toBeAttached();
    const imageId = await imageIdIn(card);
    expect(requests.of(imageId)).toEqual([]);

    // Watches the card from now on: whenever its pictures change, one loaded picture must show.
    await card.evaluate((element) => {
      const w = window as Window & { flashes?: number; shown?: boolean };
      w.flashes = 0;
      new MutationObserver(() => {
        const visible = [...element.querySelectorAll("img:not([src*='blur=1'])")].some(
          (img) =>
            (img as HTMLImageElement).complete &&
            (img as HTMLImageElement).naturalWidth > 0 &&
            img.classList.contains("opacity-100"),
        );
        if (w.shown && !visible) w.flashes! += 1;
        w.shown ||= visible;
      }).observe(element, { subtree: true, childList: true, attributes: true });
    });
    await card.scrollIntoViewIfNeeded();

    await expect
      .poll(
        () =>
          requests
            .of(imageId)
            .map((r) => r.url)
            .join(" "),
        { timeout: 30_000 },
      )
      .toMatch(/\.jpg\?w=\d+&q=50 .*\.webp\?w=\d+&q=60/);
    const [preview, better] = requests.of(imageId);
    expect(preview!.url).toMatch(/\.jpg\?w=\d+&q=50$/);
    expect(better!.url).toMatch(/\.webp\?w=\d+&q=60$/);
    // The better picture is asked for only once the preview has arrived.
    expect(better!.started).toBeGreaterThanOrEqual(preview!.finished!);

    await expect
      .poll(async () => (await shownImages(card)).map((i) => `${i.loaded} ${i.opacity} ${i.src}`))
      .toEqual([expect.stringMatching(/^true 1 .*\.webp\?w=\d+&q=60$/)]);
    expect(
      await page.evaluate(() => {
        const w = window as Window & { flashes?: number; shown?: boolean };
        return { shown: w.shown, flashes: w.flashes };
      }),
    ).toEqual({ shown: true, flashes: 0 });
    expect(requests.of(imageId)).toHaveLength(2);
  });

  test("on a fast connection the sharp picture is the only one asked for", async ({
    page,
    request,
  }) => {
    await emulateConnection(page, CONNECTIONS["4g"]);
    const requests = recordImageRequests(page);
    const product = await productWithRelated(request);
    await page.goto(`/product/${product.id}`);
    const card = relatedCards(page).first();
    await expect(card).toBeAttached();
    const imageId = await imageIdIn(card);
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await shownImages(card)).map((i) => i.loaded && i.src))
      .toEqual([expect.stringMatching(/\.webp\?w=\d+&q=85$/)]);
    expect(requests.of(imageId).map((r) => r.url)).toEqual([
      expect.stringMatching(/\.webp\?w=\d+&q=85$/),
    ]);
  });
});

test.describe("image quality demo", () => {
  test("is linked from the footer", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Image Quality Demo" }).click();
    await expect(page).toHaveURL(/\/adaptive-demo$/);
    await expect(page.getByRole("heading", { level: 1, name: "Image Quality Demo" })).toBeVisible();
  });

  test("shows the connection live and the same photo at the four classes with their real sizes", async ({
    page,
  }) => {
    await emulateConnection(page, CONNECTIONS["3g"]);
    await page.goto("/adaptive-demo");
    const panel = page.getByRole("region", { name: "Your connection" });
    const value = (label: string) => panel.locator(`dt:text-is("${label}") + dd`);
    await expect(value("Effective type")).toHaveText("3g");
    await expect(value("Downlink")).toHaveText("1.2 Mbps");
    await expect(value("Round-trip time")).toHaveText("600 ms");
    await expect(value("Data saver")).toHaveText("Off");
    await expect(value("Quality class")).toHaveText("Medium");
    await expect(value("Slow connection")).toHaveText("No");

    await page.evaluate(() =>
      window.setConnection!({ effectiveType: "2g", downlink: 0.4, rtt: 1400 }),
    );
    await expect(value("Quality class")).toHaveText("Low");
    await expect(value("Slow connection")).toHaveText("Yes");
    await expect(value("Round-trip time")).toHaveText("1400 ms");

    const classes = [
      { name: "Minimal", side: 320, type: "JPG" },
      { name: "Low", side: 640, type: "WEBP" },
      { name: "Medium", side: 960, type: "WEBP" },
      // The sample photos are 1200px: no rendition is wider than its original.
      { name: "High", side: 1200, type: "WEBP" },
    ];
    const sizes: number[] = [];
    for (const { name, side, type } of classes) {
      const sample = page.getByRole("figure", { name });
      await expect(sample.getByText(new RegExp(`· ${type} ·`))).toBeVisible();
      const measured = (label: string) => sample.locator(`dt:text-is("${label}") + dd`);
      await expect(measured("Dimensions")).toHaveText(`${side} × ${side} px`);
      await expect(measured("Size")).toHaveText(/^\d+\.\d kB$/);
      await expect(measured("Load time")).toHaveText(/^(\d+ ms|from browser cache)$/);
      sizes.push(Number.parseFloat((await measured("Size").textContent())!));
    }
    // Each class costs more than the one below it.
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(new Set(sizes).size).toBe(4);
    await expect(page.getByRole("figure", { name: "Low" }).getByText("Your class")).toBeVisible();
  });
});
