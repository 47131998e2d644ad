/**
 * An enquiry as the shop keeps it. It lives in the domain so that the use case that makes one and the repository
 * that stores it both depend on it, and not on each other.
 */
export interface EnquiryRecord {
  enquiryId: string;
  name: string;
  email?: string;
  mobile: string;
  message: string;
  submittedAt: Date;
  /** The signed-in customer who sent it, when the SPA had a token (spec section 7 sends the auth header). */
  customerId?: string;
}
