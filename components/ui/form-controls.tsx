"use client";

// The small form pieces every form shares: labelled text, text-area and select fields, password
// fields with a show/hide toggle, the server-problem alert and the submit button.
import { useEffect, useId, useState, type ComponentProps } from "react";
import { AlertCircle, Eye, EyeOff, Loader2 } from "lucide-react";
import clsx from "clsx";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { FormProblem } from "@/lib/api-client";
import { messages } from "@/lib/messages";

/** The look of every text control: inputs, selects, and (with their own height) text areas. */
export const inputClass =
  "h-11 w-full rounded-lg border border-line bg-white px-3.5 text-[15px] text-ink shadow-xs outline-none transition placeholder:text-muted/60 focus:border-gold focus:ring-3 focus:ring-gold/20 aria-invalid:border-red-400 aria-invalid:focus:ring-red-100";

type Frame = { label: string; error?: string; hint?: string; className?: string };
type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A label above its control, and the control's error (or hint) below it. */
function LabelledField({
  label,
  error,
  hint,
  className,
  children,
}: Frame & { children: (control: ControlProps) => React.ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-ink mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? `${id}-note` : undefined,
      })}
      <FieldNote id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
}

type FieldProps = ComponentProps<"input"> & Frame;

export function TextField({ label, error, hint, className, ...input }: FieldProps) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} className={inputClass} {...input} />}
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: ComponentProps<"textarea"> & Frame) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <textarea
          {...control}
          className={clsx(inputClass, "h-auto py-2.5 leading-relaxed")}
          {...textarea}
        />
      )}
    </LabelledField>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: ComponentProps<"select"> & Frame) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} className={clsx(inputClass, "pe-9")} {...select}>
          {children}
        </select>
      )}
    </LabelledField>
  );
}

/** The email field of the sign-in, sign-up and forgot-password forms. */
export function EmailField(props: Omit<FieldProps, "label" | "type">) {
  return (
    <TextField
      label={messages.account.email}
      type="email"
      autoComplete="email"
      inputMode="email"
      {...props}
    />
  );
}

export function PasswordField({ label, error, hint, className, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? "text" : "password"}
            className={clsx(inputClass, "pe-11")}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? messages.account.hidePassword : messages.account.showPassword}
            aria-controls={control.id}
            className="text-muted hover:text-ink focus-visible:outline-gold absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg transition focus-visible:outline-2"
          >
            {visible ? <EyeOff className="size-[18px]" /> : <Eye className="size-[18px]" />}
          </button>
        </div>
      )}
    </LabelledField>
  );
}

function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={id} className="mt-1.5 text-[13px] text-red-700">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={id} className="text-muted mt-1.5 text-[13px]">
        {hint}
      </p>
    );
  return null;
}

/** A failed call: the message, and the server's details as a list. */
export function FormAlert({ problem }: { problem: FormProblem | null }) {
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800"
    >
      <AlertCircle aria-hidden className="mt-px size-4 shrink-0" />
      <div>
        <p>{problem.message}</p>
        {problem.details.length > 0 && (
          <ul className="mt-1.5 list-disc space-y-0.5 ps-4">
            {problem.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

export function SubmitButton({
  pending,
  children,
  tone = "ink",
}: {
  pending: boolean;
  children: React.ReactNode;
  tone?: "ink" | "danger";
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className={clsx(
        "text-ivory inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg px-5 text-sm font-medium tracking-wide shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-wait disabled:opacity-70",
        tone === "ink"
          ? "bg-ink hover:bg-ink/85 focus-visible:outline-gold"
          : "bg-red-700 hover:bg-red-800 focus-visible:outline-red-700",
      )}
    >
      {pending && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {children}
    </button>
  );
}

/** An inline action styled as a link (switching modes, "Forgot password?"). */
export function LinkButton({ className, ...props }: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className={clsx(
        "text-gold-dark hover:text-ink focus-visible:outline-gold rounded font-medium underline-offset-4 transition hover:underline focus-visible:outline-2",
        // A fingertip tall on a touch screen, taking no more room in its line.
        "pointer-coarse:-my-3 pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:items-center",
        className,
      )}
      {...props}
    />
  );
}

/**
 * react-hook-form driven by one of the shared zod schemas of models/ (the API validates with the
 * same), plus the server problem of the last submit: `submit` runs on valid values and returns the
 * problem to show, or nothing when the call succeeded. Each submit, and each edit of a field,
 * starts with no problem shown.
 * `reValidateMode: "onSubmit"` checks fields again only on the next submit (not while typing).
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  submit: (values: z.output<S>) => Promise<FormProblem | void>,
  { reValidateMode = "onChange" }: { reValidateMode?: "onChange" | "onSubmit" } = {},
) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    reValidateMode,
  });
  // The last answer's problem goes as soon as the shopper edits what they sent: it spoke of that.
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === "change") setProblem(null);
        },
      }),
    [subscribe],
  );
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const next = await submit(values);
    if (next) setProblem(next);
  });
  return { ...form, problem, onSubmit };
}
