import type { Metadata } from "next";
import { VerifyEmailStatus } from "@/components/account/verify-email-status";

export const metadata: Metadata = {
  title: "Verify your email",
  robots: { index: false },
};

export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <div className="grid min-h-[70dvh] place-items-center px-4 py-12 sm:py-20">
      <VerifyEmailStatus token={typeof token === "string" && token ? token : null} />
    </div>
  );
}
