import type { Metadata } from "next";
import { Suspense } from "react";
import { VerifyEmailStatus } from "@/components/account/verify-email-status";

export const metadata: Metadata = {
  title: "Verify your email",
  robots: { index: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default function VerifyEmailPage({ searchParams }: Props) {
  return (
    <div className="grid min-h-[70dvh] place-items-center px-4 py-12 sm:py-20">
      {/* The token is in the address: this part is rendered per request, the frame is static. */}
      <Suspense>
        <VerifyEmailFromLink searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function VerifyEmailFromLink({ searchParams }: Props) {
  const { token } = await searchParams;
  return <VerifyEmailStatus token={typeof token === "string" && token ? token : null} />;
}
