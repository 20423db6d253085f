import { expect, type Locator } from '@playwright/test';

/**
 * The control is the element a tap at its centre lands on: nothing laid over it. An overflow check
 * misses a card drawn on top of a form (issue 50 B1: the withdrawal's quota card covered the
 * currency, the networks and, for an unverified user, the address). Playwright's own click waits
 * for the same thing but only fails by timing out, naming nothing.
 */
export async function expectTappable(locator: Locator, where: string): Promise<void> {
  await expect(locator, `${where} is not on the page`).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const hit = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top === null ? 'nothing' : top === element || element.contains(top) ? 'ok' : `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}`;
  });
  expect(hit, `${where} is covered at its centre by ${hit}`).toBe('ok');
}

/** A tap as a person makes it: on a control that is visible and not covered, at its centre. */
export async function tap(locator: Locator, where: string): Promise<void> {
  await expectTappable(locator, where);
  await expect(locator, `${where} cannot be used`).toBeEnabled();
  await locator.click();
}

/** A field filled after it is found tappable (a covered field cannot be focused by a tap). */
export async function typeInto(locator: Locator, text: string, where: string): Promise<void> {
  await expectTappable(locator, where);
  await locator.fill(text);
}

/** A refusal a person can still read after looking back from the keyboard: on the page now and 3 s later. */
export async function expectRefusalStays(locator: Locator, where: string): Promise<void> {
  await expect(locator, `${where}: no refusal shown`).toBeVisible();
  await locator.page().waitForTimeout(3000);
  await expect(locator, `${where}: the refusal was gone 3 s later`).toBeVisible();
}
