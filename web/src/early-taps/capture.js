/* Early taps (docs/early-taps.md): inline in a server-rendered page's head, so it runs before anything is painted.
 Until the app takes a group over, it keeps what a shopper does: a click on a [data-early] control, a changed
 select[data-early], a link followed while taps wait (the link then waits for them), a field left in a
 form[data-early-form] and its submit. The page's taps are also kept in sessionStorage, so a page left before it woke up hands
 them to the next one (marked `earlier`). */
(() => {
  const KEPT = "storefront-early-taps";
  const groups = {};
  const group = (name) => {
    groups[name] ??= { taken: false, taps: [] };
    return groups[name];
  };
  const page = group("page");
  try {
    for (const tap of JSON.parse(sessionStorage.getItem(KEPT) ?? "[]")) page.taps.push({ ...tap, earlier: true });
  } catch {}
  const keepPageTap = (tap) => {
    page.taps.push(tap);
    try {
      sessionStorage.setItem(KEPT, JSON.stringify(page.taps));
    } catch {}
  };
  const keep = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest("[data-early]");
    const link = target?.closest("a[href]");
    const form = target?.closest("form[data-early-form]");
    if (control && !page.taken) {
      const isSelect = control instanceof HTMLSelectElement;
      if ((event.type === "change") !== isSelect || event.type === "focusout") return;
      const action = control.getAttribute("data-early");
      keepPageTap({
        action,
        id: control.getAttribute("data-early-id") ?? "",
        value: isSelect ? control.value : "",
        index: Array.prototype.indexOf.call(document.querySelectorAll(`[data-early="${action}"]`), control),
      });
    } else if (link && !page.taken && event.type === "click") {
      /* A link works without the app; while this page's taps wait, it waits for them, so they happen first. */
      const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
      if (!plain || link.origin !== location.origin || !page.taps.some((tap) => !tap.earlier)) return;
      event.preventDefault();
      keepPageTap({ action: "link", id: link.getAttribute("href"), value: "", index: 0 });
    } else if (form) {
      const fields = group(form.getAttribute("data-early-form"));
      if (fields.taken) return;
      /* The form is not sent as a page load: it waits for its code, which checks it (and sends it when asked to). */
      if (event.type === "submit") {
        event.preventDefault();
        fields.taps.push({ action: "submit", id: "" });
      }
      if (event.type === "focusout" && target.name) fields.taps.push({ action: "left", id: target.name });
    }
  };
  for (const type of ["click", "change", "focusout", "submit"]) document.addEventListener(type, keep, true);
  window.__storefrontEarlyTaps = {
    /** The taps kept for `name`, once: from now on the app answers that group's controls itself. */
    take: (name) => {
      const taken = group(name);
      taken.taken = true;
      return taken.taps.splice(0);
    },
  };
})();
