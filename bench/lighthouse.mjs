// npm run bench (bench/run.mjs): Lighthouse scores of pages (mobile, simulated throttling), each
// page run several times in a new tab of one headless Chromium, the median run reported.

/** One Lighthouse run of a page in a new tab (with the page's session cookie, if any). */
async function lighthouseRun(browser, port, page) {
  const { default: lighthouse } = await import("lighthouse");
  // A signed-in page: the session cookie in the browser's jar (Lighthouse's storage reset
  // would clear it, so the cache is cleared here instead: every run is a first visit).
  const tab = await browser.newPage();
  if (page.cookie) {
    const [name, ...value] = page.cookie.split("=");
    await tab.setCookie({ name, value: value.join("="), domain: "127.0.0.1", path: "/", httpOnly: true });
    const cdp = await tab.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
  }
  // Lighthouse's default: mobile (Moto G Power), simulated throttling (slow 4G, 4× CPU).
  const result = await lighthouse(
    page.url,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], disableStorageReset: Boolean(page.cookie) },
    undefined,
    tab,
  );
  await tab.close();
  return result.lhr;
}

/** Lighthouse on each page, `runs` times (the median by performance), in Debian's Chromium at `chromePath`. */
export async function lighthouseScores(pages, { chromePath, runs: lighthouseRuns }) {
  const chromeLauncher = await import("chrome-launcher");
  const puppeteer = await import("puppeteer-core");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const rows = [];
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < lighthouseRuns; i++) {
        // Chromium under a loaded machine now and then fails to record the trace (NO_NAVSTART):
        // that run is made again, up to three times.
        let lhr;
        for (let attempt = 1; ; attempt++) {
          lhr = await lighthouseRun(browser, chrome.port, page);
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
          console.warn(`${page.path}: ${lhr.runtimeError.code}, again`);
        }
        const requests = lhr.audits["network-requests"]?.details?.items ?? [];
        runs.push({
          performance: lhr.categories.performance.score,
          accessibility: lhr.categories.accessibility.score,
          fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
          tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
          cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
          requests: requests.length,
          scripts: requests.filter((r) => r.resourceType === "Script").length,
          finalUrl: lhr.finalDisplayedUrl,
        });
      }
      runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      const median = runs[Math.floor(runs.length / 2)];
      const row = { page: page.path, ...median, performanceRange: [runs[0].performance, runs.at(-1).performance], runs: runs.length };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    return rows;
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}
