import { MISSING_AUTH_SECRET, startupProblems, startupWarnings } from "@/lib/auth/startup-check";

const SECRET = "a".repeat(32);
const production = (variables: Record<string, string | undefined>) =>
  startupProblems({
    NODE_ENV: "production",
    AUTH_SECRET: SECRET,
    SMTP_URL: "smtp://mail.example:587",
    ...variables,
  });

describe("start-up checks", () => {
  it("accept a complete production environment", () => {
    expect(production({})).toEqual([]);
    expect(production({ SMTP_URL: undefined, MAIL_OUTBOX: "1" })).toEqual([]);
  });

  it("refuse production without SMTP_URL unless MAIL_OUTBOX=1 allows the outbox, naming the variable", () => {
    for (const variables of [
      { SMTP_URL: undefined },
      { SMTP_URL: "" },
      { SMTP_URL: undefined, MAIL_OUTBOX: "0" },
    ]) {
      const problems = production(variables);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SMTP_URL is not set/);
      expect(problems[0]).toContain("MAIL_OUTBOX=1");
    }
  });

  it("refuse a missing AUTH_SECRET or one shorter than 32 bytes", () => {
    expect(production({ AUTH_SECRET: undefined })).toEqual([MISSING_AUTH_SECRET]);
    expect(production({ AUTH_SECRET: "short-secret" })).toEqual([
      expect.stringMatching(/^AUTH_SECRET is too short \(12 bytes\): it must be at least 32 bytes/),
    ]);
    expect(production({ AUTH_SECRET: "a".repeat(31) })).toHaveLength(1);
    // Bytes, not characters.
    expect(production({ AUTH_SECRET: "é".repeat(16) })).toEqual([]);
  });

  it("report a malformed value of any variable by name, in development too", () => {
    expect(startupProblems({ NODE_ENV: "development", TRUST_PROXY: "yes please" })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: /),
    ]);
    expect(startupProblems({ NODE_ENV: "development", LOW_STOCK_THRESHOLD: "-3" })).toEqual([
      expect.stringMatching(/^LOW_STOCK_THRESHOLD: /),
    ]);
    expect(startupProblems({ NODE_ENV: "development", MAIL_OUTBOX: "yes" })).toEqual([
      expect.stringMatching(/^MAIL_OUTBOX: must be 1/),
    ]);
    // Development needs neither a secret nor SMTP.
    expect(startupProblems({ NODE_ENV: "development" })).toEqual([]);
  });

  it("warn a production server sending real mail that runs on the sample addresses", () => {
    const sending = {
      NODE_ENV: "production" as const,
      AUTH_SECRET: SECRET,
      SMTP_URL: "smtp://mail:587",
    };
    expect(startupWarnings(sending)).toEqual([
      expect.stringMatching(/^SHOP_EMAIL \(or CONTACT_EMAIL\) is the sample address/),
      expect.stringMatching(/^MAIL_FROM is the sample sender/),
    ]);
    expect(
      startupWarnings({
        ...sending,
        SHOP_EMAIL: "orders@lumiere.lb",
        MAIL_FROM: "Lumière <hello@lumiere.lb>",
      }),
    ).toEqual([]);
    // CONTACT_EMAIL stands in for SHOP_EMAIL.
    expect(
      startupWarnings({
        ...sending,
        CONTACT_EMAIL: "hello@lumiere.lb",
        MAIL_FROM: "hello@lumiere.lb",
      }),
    ).toEqual([]);
    // Nobody gets mail from a trial server or a developer's machine: nothing to warn about.
    expect(startupWarnings({ ...sending, SMTP_URL: undefined, MAIL_OUTBOX: "1" })).toEqual([]);
    expect(startupWarnings({ NODE_ENV: "development", SMTP_URL: "smtp://mail:587" })).toEqual([]);
  });
});
