import type { Metadata } from "next";
import Link from "next/link";
import { PolicyPage, PolicySection } from "@/components/catalogue/prose-page";
import { readingPageMetadata } from "@/components/catalogue/catalogue-view";
import { messages } from "@/lib/messages";
import { SHOP_NAME } from "@/lib/constants";

export function generateMetadata(): Promise<Metadata> {
  return readingPageMetadata({
    path: "/privacy-policy",
    title: messages.layout.privacyPolicy,
    description: `How ${SHOP_NAME} collects, uses and protects your personal information.`,
  });
}

export default function PrivacyPolicyPage() {
  return (
    <PolicyPage
      title={messages.layout.privacyPolicy}
      lead={
        <>
          {SHOP_NAME} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) sells handmade jewelry online to
          customers in Lebanon. This policy explains what personal information we collect when you
          use our shop, why we collect it, and the choices you have. By using the shop you agree to
          the practices described here.
        </>
      }
    >
      <PolicySection id="information-we-collect" title="1. Information we collect">
        <ul>
          <li>
            <strong>Account details:</strong> your first and last name, email address and password
            (stored only as a secure hash), or the name, email and picture shared by Google if you
            sign in with Google.
          </li>
          <li>
            <strong>Order details:</strong> your delivery address, city, phone number, order notes
            and the items you order.
          </li>
          <li>
            <strong>Cart and wishlist:</strong> the products you save. Signed-out visitors keep
            these only in their own browser.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and basic request information, used to
            protect accounts against abuse (for example, limiting repeated sign-in attempts).
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="how-we-use" title="2. How we use your information">
        <ul>
          <li>
            To process, deliver and support your orders, including calling you to confirm an order.
          </li>
          <li>
            To create and secure your account, verify your email address and reset your password.
          </li>
          <li>
            To send emails about your account and orders. We do not send marketing email without
            consent.
          </li>
          <li>To apply offers you qualify for, such as a first-order discount.</li>
          <li>To keep the shop secure and to meet our legal obligations.</li>
        </ul>
        <p>We never sell your personal information.</p>
      </PolicySection>

      <PolicySection id="sharing" title="3. Sharing">
        <p>
          We share your name, phone number and address only with the courier who delivers your
          order, and with service providers that host our shop or send our emails, under strict
          confidentiality. We may disclose information when the law requires it.
        </p>
      </PolicySection>

      <PolicySection id="payment" title="4. Payment">
        <p>
          All orders are paid in cash on delivery. We never ask for, receive or store card or bank
          details.
        </p>
      </PolicySection>

      <PolicySection id="cookies" title="5. Cookies and local storage">
        <p>
          We use a cookie to keep you signed in, and your browser&rsquo;s local storage to remember
          your cart and wishlist. We do not use advertising cookies.
        </p>
      </PolicySection>

      <PolicySection id="retention" title="6. Keeping and protecting your data">
        <p>
          We keep your account information while your account is open, and order records as long as
          the law requires for accounting. Passwords are stored only as salted hashes, and
          connections to the shop are encrypted.
        </p>
      </PolicySection>

      <PolicySection id="your-rights" title="7. Your choices and rights">
        <ul>
          <li>You can review your details in your account settings, and ask us to correct them.</li>
          <li>
            You can delete your account at any time from the account menu; we then erase your
            personal data, except order records we must keep by law.
          </li>
          <li>You can ask us for a copy of the information we hold about you.</li>
        </ul>
      </PolicySection>

      <PolicySection id="children" title="8. Children">
        <p>
          Our shop is intended for adults. You must be at least 18 years old to create an account or
          place an order. We do not knowingly collect personal information from children under 13;
          if you believe a child has given us information, contact us and we will delete it.
        </p>
      </PolicySection>

      <PolicySection id="changes" title="9. Changes to this policy">
        <p>
          We may update this policy from time to time. The date at the top shows when it last
          changed. Significant changes will be announced on the shop.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="10. Contact us">
        <p>
          Questions about your privacy? Write to us through the Contact link at the bottom of every
          page, or read our <Link href="/terms-of-service">Terms of Service</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
