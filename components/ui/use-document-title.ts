"use client";
import { useEffect } from "react";

/** The product's name after every page's own title: "Runs · Switchyard". */
export const TITLE_SUFFIX = " · Switchyard";

/**
 * Name the browser tab after what a client-loaded page shows (a workflow's name, a run's
 * status), once it is known; null leaves the route's own title. Next.js streams a dynamic
 * route's `<title>` and may set it after this page has named itself, so the name is put back
 * whenever the head's title changes while the page is shown; when the page goes, the next
 * route's title stands.
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const wanted = `${title}${TITLE_SUFFIX}`;
    const apply = () => {
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);
}
