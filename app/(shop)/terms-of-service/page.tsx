import type { Metadata } from "next";
import Link from "next/link";
import { PolicyPage, PolicySection } from "@/components/catalogue/prose-page";
import { readingPageMetadata } from "@/components/catalogue/catalogue-view";
import { messages } from "@/lib/messages";
import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  DELIVERY_FEE_CENTS,
  SHOP_NAME,
} from "@/lib/constants";
import { formatPrice } from "@/lib/format";

export function generateMetadata(): Promise<Metadata> {
  return readingPageMetadata({
    path: "/terms-of-service",
    title: messages.layout.termsOfService,
    description: `The terms for shopping at ${SHOP_NAME}: orders, prices, cash on delivery, delivery in Lebanon, returns and warranty.`,
  });
}

const deliveryFee = formatPrice(DELIVERY_FEE_CENTS);
const deliveryDays = `${DELIVERY_DAYS_MIN}-${DELIVERY_DAYS_MAX}`;

export default function TermsOfServicePage() {
  return (
    <PolicyPage
      title={messages.layout.termsOfService}
      lead={
        <>
          These terms govern your use of the {SHOP_NAME} online shop and every purchase you make
          from us. Please read them carefully; by creating an account or placing an order you accept
          them.
        </>
      }
    >
      <PolicySection id="eligibility" title="1. Who may shop with us">
        <p>
          You must be at least 18 years old to create an account or place an order. You are
          responsible for keeping your password safe and for everything done through your account.
        </p>
      </PolicySection>

      <PolicySection id="products" title="2. Our products">
        <p>
          Our jewelry is handmade, so each piece may differ slightly in colour, size or finish from
          its photos. These small variations are part of handmade work and are not defects.
          Materials are listed on every product page.
        </p>
      </PolicySection>

      <PolicySection id="prices" title="3. Prices">
        <p>
          All prices are in <strong>US dollars (USD)</strong>. At checkout you may choose to see
          your total in Lebanese pounds; that amount is a conversion for your convenience at our
          display rate, and the dollar price remains the price of your order. We may change prices
          at any time, but never for an order already placed.
        </p>
      </PolicySection>

      <PolicySection id="orders" title="4. Orders">
        <p>
          Placing an order requires a verified email address. After you order, our team calls you
          within 24 hours to confirm it. We may decline or cancel an order, for example if an item
          is no longer available or the details cannot be confirmed; you will not be charged for a
          cancelled order.
        </p>
      </PolicySection>

      <PolicySection id="payment" title="5. Payment">
        <p>
          We accept <strong>cash on delivery</strong> only. Please have the exact amount ready in
          the currency you chose at checkout when the courier arrives.
        </p>
      </PolicySection>

      <PolicySection id="delivery" title="6. Delivery">
        <p>
          We deliver <strong>within Lebanon only</strong>, for a flat fee of{" "}
          <strong>{deliveryFee}</strong> per order, to any city. Delivery takes{" "}
          <strong>{deliveryDays} business days</strong> from confirmation. Please make sure your
          address and phone number are correct so the courier can reach you.
        </p>
      </PolicySection>

      <PolicySection id="returns" title="7. Returns and our 30-day guarantee">
        <p>
          We want you to love what you ordered. Our <strong>30-day satisfaction guarantee</strong>{" "}
          lets you return any eligible item within <strong>30 days</strong> of delivery, unworn and
          in its original packaging, for a full refund of the item price. Returns are hassle-free:
          contact us and we will arrange the pick-up.
        </p>
        <p>
          For hygiene reasons, <strong>earrings cannot be returned</strong> unless they arrive
          damaged or defective.
        </p>
      </PolicySection>

      <PolicySection id="warranty" title="8. One-year warranty">
        <p>
          Every piece carries a <strong>one-year warranty</strong> against defects in materials and
          craftsmanship from the date of delivery. We will repair or replace a defective piece free
          of charge. The warranty does not cover normal wear, loss, or damage from accidents or
          misuse.
        </p>
      </PolicySection>

      <PolicySection id="care" title="9. Caring for your jewelry">
        <p>
          Keep your jewelry dry and away from perfume, lotions and chlorine, and store each piece
          separately in its pouch to keep it shining.
        </p>
      </PolicySection>

      <PolicySection id="liability" title="10. Liability">
        <p>
          To the extent the law allows, our liability for any order is limited to the amount you
          paid for it. Nothing in these terms limits your rights as a consumer under Lebanese law.
        </p>
      </PolicySection>

      <PolicySection id="changes" title="11. Changes to these terms">
        <p>
          We may update these terms; the date at the top shows the latest version. The terms in
          force when you placed an order apply to that order.
        </p>
      </PolicySection>

      <PolicySection id="contact" title="12. Contact us">
        <p>
          Questions about an order or these terms? Write to us through the Contact link at the
          bottom of every page. See also our <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
