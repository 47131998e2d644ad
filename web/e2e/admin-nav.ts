import type { Page } from "playwright-core";

/**
 * Taps a back-office link as the owner would: in the sidebar on a wide screen, or on a phone from the menu, opened
 * first (the layout shows one or the other as soon as an admin page is up: docs/back-office.md, One layout).
 */
export async function openAdminLink(page: Page, testId: string): Promise<void> {
  const menuButton = page.getByTestId("admin-menu-button");
  await page.locator('[data-testid="admin-sidebar"], [data-testid="admin-menu-button"]').first().waitFor();
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByTestId(testId).click();
}
