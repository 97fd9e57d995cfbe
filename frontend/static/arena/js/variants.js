// The "Variants" choice (the rule books' variants, issue 17): it only offers the options
// of the chosen game, and names the rule set as the server does ("TP-E+OH"). Which option
// belongs to which game comes from the page (data-game); the server checks every name.

import { gameOf } from "./board.js";

/** Keep the form's "Variants" choice to the options of the game its rule names. */
export function wireVariantChoice(form) {
  const select = form.querySelector("[data-variant-options]");
  if (!select) return;
  const sync = () => {
    const rule = form.querySelector("[name=variant]:checked") || form.querySelector("[name=variant]");
    const game = rule ? gameOf(rule.value) : "TP";
    for (const option of select.querySelectorAll("option[data-game]")) {
      option.disabled = option.dataset.game !== game;
      option.hidden = option.disabled;
    }
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "";
  };
  form.addEventListener("change", (event) => { if (event.target.name === "variant") sync(); });
  sync();
}

/** The rule set a form names: its rule, and "+options" when a variant is chosen. */
export function chosenRuleSet(data) {
  const variant = data.get("variant");
  const options = data.get("options") || "";
  return options ? `${variant}+${options}` : variant;
}
