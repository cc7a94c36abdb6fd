/** Length of the one-time codes the backend issues (Account.verifyOtp accepts exactly 6 digits). */
export const OTP_LENGTH = 6

/**
 * Normalises what the user typed, pasted or had autofilled into the code field: keeps digits
 * only, so "12 34 56", "123-456" and "123 456" all become "123456". Nothing is cut to length
 * here: a too-long code stays visible so the user can see and fix it.
 */
export function normalizeOtp(raw: string): string {
  // Full-width digits (some IMEs) are folded to ASCII before the non-digits are dropped.
  return raw
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
}
