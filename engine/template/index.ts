/** Templates (SPEC §4): `{placeholder}` interpolation and Python-style value rendering. */
export { renderTemplate, templatePlaceholders, type RenderOptions } from "./render-template";
export { renderDeep } from "./render-deep";
export { pyStr, pyRepr } from "./py-str";
export { parseField, type FieldPath, type FieldStep } from "./field-path";
