import { expect, test } from "./fixtures";
import { newVisitor, register, signOut, submitRegisterForm } from "./support";

// Toasts (WCAG 2.2.1): each one stays at least 10 s, longer while the pointer is over it
// or focus is in it, goes with its close button, and what it says is also at the top of the page.
// Time is Playwright's fake clock, paused before the toast comes: nothing here waits for real.

test("una notificación dura al menos 10 s, espera con el puntero o el foco encima, se cierra y su texto queda en la página", async ({
  page,
  javaScriptEnabled,
}) => {
  if (!javaScriptEnabled) {
    // Without JavaScript it stays on the page it lands on, with no dead close button.
    await register(page);
    const toast = page.getByRole("status").filter({ hasText: "Cuenta creada" });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("main").getByText("Cuenta creada.")).toBeVisible();
    return;
  }

  await page.clock.install();
  await page.goto("/register");
  // The app running (the form is sent by it, not reloaded), then time stops until the test moves it.
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const account = newVisitor();
  await submitRegisterForm(page, account);

  const created = page.getByRole("status").filter({ hasText: "Cuenta creada" });
  await expect(created).toBeVisible();
  const notice = page.getByRole("main").getByText("Cuenta creada.");
  await expect(notice).toBeVisible();
  await page.clock.runFor(9_900);
  await expect(created).toBeVisible();
  // The pointer over it holds it, for as long as it stays there.
  await created.hover();
  await page.clock.runFor(60_000);
  await expect(created).toBeVisible();
  // Once the pointer leaves, it has its 10 s again, and then goes; the page still says it.
  await page.mouse.move(0, 600);
  await page.clock.runFor(9_900);
  await expect(created).toBeVisible();
  await page.clock.runFor(200);
  await expect(created).toBeHidden();
  await expect(notice).toBeVisible();

  // Focus on its close button holds it too; Enter closes it.
  await signOut(page, account);
  const signedOut = page.getByRole("status").filter({ hasText: "Ha cerrado la sesión" });
  await expect(signedOut).toBeVisible();
  // First the page's own move of focus to its heading after the navigation (a timer too).
  await page.clock.runFor(500);
  await expect(signedOut).toBeVisible();
  const close = signedOut.getByRole("button", { name: "Cerrar notificación" });
  await close.focus();
  await page.clock.runFor(60_000);
  await expect(signedOut).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(signedOut).toBeHidden();
  await expect(page.getByRole("main").getByText("Ha cerrado la sesión.")).toBeVisible();
});
