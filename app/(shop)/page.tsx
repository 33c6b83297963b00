import { messages } from "@/lib/messages";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="font-serif text-4xl">{messages.home.heroTitle}</h1>
    </main>
  );
}
