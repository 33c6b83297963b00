"use client";

// The header's account area: Sign In / Sign Up when signed out, the user menu when signed in.
export function AccountMenu() {
  return null;
}
