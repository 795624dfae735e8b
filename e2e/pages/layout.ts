import type { Page } from "@playwright/test";

/** Whether anything pushes the page sideways: the document, or the page's own scroll container (app/layout.tsx). */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="page-scroll"]');
    return document.documentElement.scrollWidth > window.innerWidth || (scroller !== null && scroller.scrollWidth > scroller.clientWidth);
  });
