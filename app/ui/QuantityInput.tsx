// The quantity input of spec section 5: minimum 1, decrement stops at 1, typed values must be
// above 0, default maximum 10000 (the product's stock in quick view), default quantity 1.
// An empty or invalid typed value is reported as null so the add-to-cart check can answer
// 'Quantity Cannot be Empty' / 'Please type a number'.
import { type ChangeEvent, useEffect, useState } from "react";
import { useTranslations } from "use-intl";

export const QTY_MIN = 1;
export const QTY_DEFAULT_MAX = 10_000;

export interface QuantityInputProps {
  /** The current quantity; null while the field is empty or holds no valid number. */
  value: number | null;
  onChange: (qty: number | null) => void;
  /** Upper bound (default 10000). Quick view passes the product's stock. */
  max?: number;
  /** Accessible name of the field. */
  label?: string;
  disabled?: boolean;
  size?: "sm" | "md";
  className?: string;
  id?: string;
  /**
   * false: a typed number above `max` is kept as typed (the buttons still stop at `max`), so the
   * add-to-cart check can answer 'Out of Stock' / 'Available stock: {n}' instead of the
   * shopper's number being lowered without a word (product page and quick views).
   */
  clampTyped?: boolean;
}

/** A typed text as a quantity: whole number above 0 (clamped to max), or null. */
export function parseTypedQty(text: string, max: number = QTY_DEFAULT_MAX): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  if (n < QTY_MIN) return null;
  return Math.min(n, Math.max(QTY_MIN, max));
}

export function QuantityInput({
  value,
  onChange,
  max = QTY_DEFAULT_MAX,
  label,
  disabled = false,
  size = "md",
  className = "",
  id,
  clampTyped = true,
}: QuantityInputProps) {
  const t = useTranslations("Common");
  const upper = Math.max(QTY_MIN, Math.floor(max));
  const [text, setText] = useState(value === null ? "" : String(value));

  // Follows the value when the parent changes it (buttons, reset after add to cart).
  useEffect(() => {
    setText((current) => {
      const shown = parseTypedQty(current, Number.MAX_SAFE_INTEGER);
      if (shown === value) return current; // what the shopper typed already says it
      return value === null ? current : String(value);
    });
  }, [value]);

  const step = (delta: number) => {
    const base = value ?? QTY_MIN;
    const next = Math.min(upper, Math.max(QTY_MIN, base + delta));
    setText(String(next));
    onChange(next);
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const parsed = parseTypedQty(raw, clampTyped ? upper : QTY_DEFAULT_MAX);
    // A number above the maximum is shown as the maximum.
    const typed = raw.trim();
    setText(clampTyped && /^\d+$/.test(typed) && Number(typed) > upper ? String(upper) : raw);
    onChange(parsed);
  };

  const h = size === "sm" ? "h-9" : "h-11";
  const btn = `flex ${h} w-9 items-center justify-center text-lg text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40`;
  return (
    <div
      className={`inline-flex items-stretch overflow-hidden rounded border border-slate-300 bg-white ${className}`}
    >
      <button
        type="button"
        className={btn}
        aria-label={t("decreaseQuantity")}
        disabled={disabled || value === null || value <= QTY_MIN}
        onClick={() => step(-1)}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={QTY_MIN}
        max={upper}
        step={1}
        value={text}
        onChange={onInput}
        disabled={disabled}
        aria-label={label ?? t("quantity")}
        className={`${h} w-14 border-x border-slate-300 text-center text-sm [appearance:textfield] focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`}
      />
      <button
        type="button"
        className={btn}
        aria-label={t("increaseQuantity")}
        disabled={disabled || (value !== null && value >= upper)}
        onClick={() => step(1)}
      >
        +
      </button>
    </div>
  );
}
