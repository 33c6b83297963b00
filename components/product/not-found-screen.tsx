import Link from "next/link";
import { messages } from "@/lib/messages";

/** The 404 screen: a large 404, a title, the reason and a way back home. */
export function NotFoundScreen({ title, detail }: { title: string; detail: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="font-serif text-8xl leading-none font-medium text-gold/70 sm:text-9xl">
        404
      </p>
      <div aria-hidden="true" className="my-6 h-px w-16 bg-gold/50" />
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted">{detail}</p>
      <Link
        href="/"
        className="mt-10 rounded-full bg-ink px-8 py-3.5 text-sm font-medium tracking-wide text-ivory transition-colors hover:bg-gold-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        {messages.product.returnHome}
      </Link>
    </main>
  );
}
