import { chromium } from "playwright-core";
const base = "http://localhost:3000";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
try {
  for (const [email, w, h] of [["client@atelier.local", 390, 844], ["designer@atelier.local", 1280, 800]] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.getByText("Check your email").waitFor();
    await page.goto(`${base}/dev/mailbox`);
    const href = await page.locator("a[href*='/api/auth/callback/email']").first().getAttribute("href");
    await page.goto(href!);
    await page.getByTestId("sidebar").waitFor({ state: "attached" });
    const tag = `${email.split("@")[0]}-${w}`;
    await page.screenshot({ path: `/tmp/shots/${tag}-projects.png` });
    // The first project with files.
    await page.getByRole("link", { name: /Spring opening poster|Spring catalogue|Bread labels/ }).first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${tag}-project.png`, fullPage: true });
    const upload = page.getByRole("button", { name: /^Upload/ }).first();
    await upload.click();
    await page.getByRole("tab", { name: /Brand library/ }).or(page.getByRole("button", { name: /Brand library/ })).first().click();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots/${tag}-brand-tab.png` });
    await page.keyboard.press("Escape");
    if (email.startsWith("designer")) {
      await page.goto(`${base}/workload`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${tag}-workload.png`, fullPage: true });
    }
    await ctx.close();
  }
} finally {
  await browser.close();
}
