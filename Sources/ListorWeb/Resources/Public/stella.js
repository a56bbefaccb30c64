// The product page says at once what a choice gives: each value's note ("sold out", "not made
// in Navy"), the status line (read out by screen readers) and the price. Without this script
// the page says it when the form is sent. The gallery turns to the chosen variant's own
// picture (without the script, "Show this choice" puts it first).
(() => {
  "use strict";
  const form = document.getElementById("add-to-bag");
  if (!form || !form.dataset.variants) return;
  const variants = JSON.parse(form.dataset.variants);
  const groups = [...form.querySelectorAll("fieldset.option-group")];
  const status = document.getElementById("availability");
  const price = document.querySelector("#price strong");
  const strip = document.getElementById("gallery");
  const show = (picture) => {
    const image = picture && strip ? [...strip.querySelectorAll("img")].find((img) => img.getAttribute("src") === picture) : null;
    if (image) strip.scrollTo({ left: image.parentElement.offsetLeft - strip.offsetLeft, behavior: "smooth" });
  };
  const chosen = () => groups.map((group) => {
    const checked = group.querySelector("input[type=radio]:checked");
    return checked ? checked.value : null;
  });
  const update = () => {
    const values = chosen();
    groups.forEach((group, index) => {
      for (const input of group.querySelectorAll("input[type=radio]")) {
        const matching = variants.filter((variant) => variant.values[index] === input.value
          && values.every((value, other) => other === index || value === null || variant.values[other] === value));
        const others = values.filter((value, other) => other !== index && value !== null);
        const note = matching.length === 0 ? "not made in " + others.join(" and ")
          : matching.some((variant) => variant.stock !== 0) ? "" : "sold out";
        const span = document.getElementById(input.id + "-note");
        span.textContent = note ? "(" + note + ")" : "";
        if (note) input.setAttribute("aria-describedby", span.id); else input.removeAttribute("aria-describedby");
      }
    });
    const missing = groups.filter((group, index) => values[index] === null).map((group) => group.querySelector("legend").textContent);
    if (missing.length > 0) { status.textContent = "Choose a " + missing.join(" and a "); return; }
    const named = values.join(" in ");
    const variant = variants.find((candidate) => candidate.values.every((value, index) => value === values[index]));
    if (!variant) { status.textContent = named + " is not made"; return; }
    price.textContent = variant.price;
    show(variant.picture);
    status.textContent = variant.stock === 0 ? named + " is sold out"
      : (named ? named + ": " : "") + (variant.stock !== null && variant.stock <= 5 ? "only " + variant.stock + " left" : "in stock");
  };
  form.addEventListener("change", update);
  form.dataset.live = "true";
})();
